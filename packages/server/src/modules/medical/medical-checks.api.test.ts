import { PROFILE_ROLE } from '@klubovna/shared';
import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

// Medical checks: who reads and writes them (row rules in SQL), the validity they keep on the member,
// and the declared filters of both lists.
describe.each(testEngines())('medical checks on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let trainer: HttpClient;
  let headTrainer: HttpClient;
  let parent: HttpClient;
  const today = pragueToday();
  const member: Record<string, number> = {};
  const check: Record<string, number> = {};

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.text}`);
    return answer.body.data;
  };
  const ids = async (client: HttpClient, path: string) => {
    const answer = await client.get(path);
    expect(answer.status, answer.text).toBe(200);
    return {
      ids: answer.body.data.items
        .map((item: { id: number }) => item.id)
        .sort((a: number, b: number) => a - b),
      total: answer.body.data.total,
    };
  };
  const validUntil = async (id: number) =>
    (await root.get(`/api/cms/form/member/${id}`)).body.data.medicalValidUntil;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    for (const [key, firstName, memberType] of [
      ['ours', 'Adam', 'ATHLETE'],
      ['theirs', 'Bára', 'ATHLETE'],
      ['trainer', 'Tomáš', 'TRAINER'],
      ['head', 'Hana', 'HEAD_TRAINER'],
    ] as const)
      member[key] = (
        await created('member', { firstName, lastName: 'Zdravá', memberType, competingFrom: '2020-01-01' })
      ).id;
    const group = await created('group', { name: 'Přípravka', trainers: [member.trainer] });
    await created('group-member', { group: group.id, member: member.ours, validFrom: '2026-01-01' });
    const accounts = {
      trainer: await signedInClient(t, { roles: [PROFILE_ROLE] }),
      head: await signedInClient(t, { roles: [PROFILE_ROLE] }),
      parent: await signedInClient(t, { roles: [PROFILE_ROLE] }),
    };
    trainer = accounts.trainer.client;
    headTrainer = accounts.head.client;
    parent = accounts.parent.client;
    await created('profile-member', { profile: accounts.trainer.user.id, member: member.trainer });
    await created('profile-member', { profile: accounts.head.user.id, member: member.head });
    await created('profile-member', { profile: accounts.parent.user.id, member: member.ours });
    // Ours ends within 30 days, theirs ended long ago.
    check.ours = (
      await created('medical-check', { member: member.ours, date: addDays(today, -350), result: 'FIT' })
    ).id;
    check.theirs = (
      await created('medical-check', { member: member.theirs, date: addDays(today, -500), result: 'FIT' })
    ).id;
  });
  afterAll(() => t.close());

  it('is valid 12 months by default and keeps the member’s validity from the latest check', async () => {
    const read = (await root.get(`/api/cms/form/medical-check/${check.ours}`)).body.data;
    expect(read.validUntil).toBe(
      addDays(today, -350).replace(/^(\d{4})/, (year) => String(Number(year) + 1)),
    );
    expect(read.title).toContain('Adam Zdravá');
    expect(await validUntil(member.ours!)).toBe(read.validUntil);
    const unfit = await created('medical-check', { member: member.head, date: today, result: 'UNFIT' });
    expect(await validUntil(member.head!)).toBeNull();
    const fit = await created('medical-check', {
      member: member.head,
      date: addDays(today, -10),
      result: 'FIT',
      validUntil: addDays(today, 100),
    });
    // The latest check (unfit) still counts: an older fit one does not make the member fit.
    expect(await validUntil(member.head!)).toBeNull();
    await root.delete(`/api/cms/form/medical-check/${unfit.id}`);
    expect(await validUntil(member.head!)).toBe(addDays(today, 100));
    await root.delete(`/api/cms/form/medical-check/${fit.id}`);
  });

  it('requires the limitation’s text with a limited result, on its field', async () => {
    const answer = await root.post('/api/cms/form/medical-check', {
      member: member.ours,
      date: today,
      result: 'FIT_LIMITED',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors[0]).toMatchObject({ path: 'limitation' });
    const future = await root.post('/api/cms/form/medical-check', {
      member: member.ours,
      date: addDays(today, 2),
      result: 'FIT',
    });
    expect(future.status).toBe(400);
  });

  it('answers 401 without a session and 403 to a role without members', async () => {
    expect((await t.client().get('/api/cms/datagrid/medical-check')).status).toBe(401);
    expect((await t.client().get(`/api/cms/form/medical-check/${check.ours}`)).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get('/api/cms/datagrid/medical-check')).status).toBe(403);
  });

  it('shows a trainer their trainees’ checks only, in the list, its total and the export', async () => {
    expect(await ids(trainer, '/api/cms/datagrid/medical-check')).toEqual({ ids: [check.ours], total: 1 });
    expect((await trainer.get(`/api/cms/form/medical-check/${check.theirs}`)).status).toBe(404);
    const csv = await trainer.get('/api/cms/datagrid/medical-check/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Adam Zdravá');
    expect(csv.text).not.toContain('Bára Zdravá');
  });

  it('shows a parent their own members’ checks and a head trainer every check; only the office writes', async () => {
    expect(await ids(parent, '/api/cms/datagrid/medical-check')).toEqual({ ids: [check.ours], total: 1 });
    expect((await parent.get(`/api/cms/form/medical-check/${check.theirs}`)).status).toBe(404);
    expect((await ids(headTrainer, '/api/cms/datagrid/medical-check')).total).toBe(2);
    for (const client of [trainer, headTrainer, parent]) {
      const write = await client.post('/api/cms/form/medical-check', {
        member: member.ours,
        date: today,
        result: 'FIT',
      });
      expect(write.status).toBe(403);
      expect((await client.delete(`/api/cms/form/medical-check/${check.ours}`)).status).toBe(403);
    }
  });

  it('filters the checks by validity, the current check of each member only', async () => {
    const list = (query: string) => ids(root, `/api/cms/datagrid/medical-check?${query}`);
    expect((await list('filter[validity]=expiring')).ids).toEqual([check.ours]);
    expect((await list('filter[validity]=expired')).ids).toEqual([check.theirs]);
    expect((await list('filter[validity]=expired&filter[validity]=expiring')).total).toBe(2);
    const newer = await created('medical-check', { member: member.theirs, date: today, result: 'FIT' });
    expect((await list('filter[validity]=expired')).ids).toEqual([]);
    expect((await ids(trainer, '/api/cms/datagrid/medical-check?filter[validity]=expired')).total).toBe(0);
    await root.delete(`/api/cms/form/medical-check/${newer.id}`);
    const bad = await root.get('/api/cms/datagrid/medical-check?filter[validity]=someday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Platnost');
    const schema = (await root.get('/api/cms/datagrid/schema/medical-check')).body.data;
    expect(schema.filters[0]).toMatchObject({ name: 'validity', label: 'Platnost' });
    // „Chybí“ is offered too, as the members list's filter: a missing check is no row of this list.
    expect(schema.filters[0].elsewhere).toEqual([
      { label: 'Chybí (závodníci)', alias: 'member', filter: 'medical', value: 'missing' },
    ]);
    expect((await root.get('/api/cms/datagrid/medical-check?filter[validity]=missing')).status).toBe(400);
  });

  it('lists members whose check ends, ended, or competing athletes who have none', async () => {
    const list = (value: string) => ids(root, `/api/cms/datagrid/member?filter[medical]=${value}`);
    expect((await list('expiring')).ids).toEqual([member.ours]);
    expect((await list('expired')).ids).toEqual([member.theirs]);
    expect((await list('missing')).ids).toEqual(
      [member.theirs, member.trainer, member.head].sort((a, b) => a! - b!),
    );
    expect((await ids(trainer, '/api/cms/datagrid/member?filter[medical]=missing')).ids).toEqual([
      member.trainer,
    ]);
  });

  it('warns when a member without a check valid on the race day is signed up, or refuses by the club’s rule', async () => {
    const race = await created('race', { name: 'Zimní kros', dateFrom: addDays(today, 20) });
    const warned = await created('race-participant', { race: race.id, member: member.ours });
    expect(warned.medicalWarning).toMatch(
      /^Lékařská prohlídka platí jen do \d{1,2}\. \d{1,2}\. \d{4}, závod je/,
    );
    const fine = await created('race', { name: 'Krátký kros', dateFrom: addDays(today, 5) });
    expect(
      (await created('race-participant', { race: fine.id, member: member.ours })).medicalWarning,
    ).toBeNull();
    const none = await created('race-participant', { race: race.id, member: member.trainer });
    expect(none.medicalWarning).toBe('Člen nemá platnou lékařskou prohlídku.');
    await created('web-configuration', { clubName: 'TJ Zdraví', racesNeedMedicalCheck: true });
    const refused = await root.post('/api/cms/form/race-participant', {
      race: race.id,
      member: member.theirs,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors[0]).toMatchObject({ path: 'member' });
    expect(refused.body.validationErrors[0].message).toContain('Bez ní se do závodu přihlásit nelze.');
  });
});
