import { addDays, czechDate, pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { seedMembers } from '../members/index.ts';

const today = pragueToday();

describe.each(testEngines())('training groups on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const member = (firstName: string, lastName: string, memberType = 'ATHLETE') =>
    created('member', { firstName, lastName, memberType });

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('keeps categories’ age ranges in order', async () => {
    const refused = await root.post('/api/cms/form/category', { name: 'Žáci', ageFrom: 15, ageTo: 11 });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([
      { path: 'ageTo', message: 'Věk do nesmí být menší než věk od.' },
    ]);
    const category = await created('category', { name: 'Žáci', ageFrom: 11, ageTo: 15, color: '#1c7ed6' });
    expect(category).toMatchObject({ name: 'Žáci', position: 0 });
  });

  it('lets only trainers lead a group and names who is not one', async () => {
    const trainer = await member('Hana', 'Trenérová', 'TRAINER');
    const athlete = await member('Petr', 'Běžec');
    const refused = await root.post('/api/cms/form/group', {
      name: 'Áčko',
      trainers: [trainer.id, athlete.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors[0]).toEqual({
      path: 'trainers',
      message: 'Trenérem může být jen trenér nebo vedoucí trenér, ne: Běžec Petr.',
    });
    const group = await created('group', { name: 'Áčko', trainers: [trainer.id], capacity: 2 });
    expect(group).toMatchObject({
      name: 'Áčko',
      trainers: [trainer.id],
      season: expect.stringMatching(/^\d{4}\/\d{4}$/),
    });
  });

  it('refuses a member twice in a group at once and a full group, naming the member and the capacity', async () => {
    const group = await created('group', { name: 'Malá', capacity: 2 });
    const [jana, eva, ota] = [
      await member('Jana', 'Malá'),
      await member('Eva', 'Nová'),
      await member('Ota', 'Starý'),
    ];
    const first = await created('group-member', {
      group: group.id,
      member: jana.id,
      validFrom: '2026-09-01',
    });
    expect(first).toMatchObject({ title: 'Jana Malá – Malá', validTo: null, role: 'ATHLETE' });

    const twice = await root.post('/api/cms/form/group-member', {
      group: group.id,
      member: jana.id,
      validFrom: '2026-10-01',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.validationErrors).toEqual([
      { path: 'member', message: 'Jana Malá už ve skupině Malá je od 1. 9. 2026.' },
    ]);
    const later = await root.post('/api/cms/form/group-member', {
      group: group.id,
      member: jana.id,
      validFrom: '2025-09-01',
      validTo: '2026-06-30',
    });
    expect(later.status, later.text).toBe(201);

    await created('group-member', { group: group.id, member: eva.id, validFrom: '2026-09-01' });
    const full = await root.post('/api/cms/form/group-member', {
      group: group.id,
      member: ota.id,
      validFrom: '2026-11-01',
    });
    expect(full.status).toBe(400);
    expect(full.body.validationErrors).toEqual([
      { path: 'group', message: 'Skupina Malá je plná: kapacita 2 místa.' },
    ]);
    const reversed = await root.post('/api/cms/form/group-member', {
      group: group.id,
      member: ota.id,
      validFrom: '2026-09-01',
      validTo: '2026-08-01',
    });
    expect(reversed.body.validationErrors).toEqual([
      { path: 'validTo', message: '„Do“ nesmí být dřív než „Od“ (1. 9. 2026).' },
    ]);
    // An empty start means today, which the declared order then holds the end to.
    const endedBeforeToday = await root.post('/api/cms/form/group-member', {
      group: group.id,
      member: ota.id,
      validTo: '2020-01-01',
    });
    expect(endedBeforeToday.status).toBe(400);
    expect(endedBeforeToday.body.validationErrors).toEqual([
      { path: 'validTo', message: `„Do“ nesmí být dřív než „Od“ (${czechDate(pragueToday())}).` },
    ]);

    const inUse = await root.delete(`/api/cms/form/group/${group.id}`);
    expect(inUse.status).toBe(409);
  });

  it('lists a group’s members with names and paging, and adds one through the dedicated call', async () => {
    const group = await created('group', { name: 'Dorost' });
    const people = [
      await member('Adam', 'Zelený'),
      await member('Bára', 'Čechová'),
      await member('Cyril', 'Dvořák'),
    ];
    const add = await root.post('/api/admin/group-member/create-group-member', {
      groupId: group.id,
      memberId: people[0].id,
    });
    expect(add.status, add.text).toBe(200);
    expect(add.body.data).toMatchObject({ group: group.id, member: people[0].id, validFrom: today });
    for (const person of people.slice(1))
      await root.post('/api/admin/group-member/create-group-member', {
        groupId: group.id,
        memberId: person.id,
      });
    const again = await root.post('/api/admin/group-member/create-group-member', {
      groupId: group.id,
      memberId: people[1].id,
    });
    expect(again.status).toBe(400);

    const page = await root.get(
      `/api/admin/group-member/get-group-members?groupId=${group.id}&limit=2&page=1`,
    );
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items.map((item: { lastName: string }) => item.lastName)).toEqual([
      'Čechová',
      'Dvořák',
    ]);
    const second = await root.get(
      `/api/admin/group-member/get-group-members?groupId=${group.id}&limit=2&page=2`,
    );
    expect(second.body.data.items).toEqual([
      expect.objectContaining({ lastName: 'Zelený', groupName: 'Dorost', validTo: null }),
    ]);

    expect((await t.client().get('/api/admin/group-member/get-group-members')).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get('/api/admin/group-member/get-group-members')).status).toBe(403);
    const { client: trainer } = await signedInClient(t, { roles: ['ROLE_USER'] });
    expect((await trainer.get(`/api/admin/group-member/get-group-members?groupId=${group.id}`)).status).toBe(
      200,
    );
  });

  it('sets a group of 1,000 members in one transaction, reports what changed, and changes nothing when a part fails', async () => {
    await seedMembers(t.db, 1000, 7);
    const group = await created('group', { name: 'Velká skupina' });
    const candidates = await root.get(`/api/cms/action/group/setup-candidates`);
    expect(candidates.status, candidates.text).toBe(200);
    const ids: number[] = candidates.body.data.members.map((row: { id: number }) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(1000);

    const chosen = ids.slice(0, 1000);
    const lastAuditId = Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    const saved = await root.post('/api/cms/action/group/set-members', {
      groupId: group.id,
      memberIds: chosen,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({ added: 1000, removed: 0, backdated: 0, members: 1000 });
    const listed = await root.get(`/api/admin/group-member/get-group-members?groupId=${group.id}&limit=1`);
    expect(listed.body.data.total).toBe(1000);
    const membership = listed.body.data.items[0];
    const history = await root.get(`/api/cms/history/group-member/${membership.id}`);
    expect(history.body.data.map((entry: { action: string }) => entry.action)).toEqual(['create']);

    const broken = await root.post('/api/cms/action/group/set-members', {
      groupId: group.id,
      memberIds: [...chosen.slice(10), 2_000_000_000],
    });
    expect(broken.status).toBe(400);
    expect(
      (await root.get(`/api/admin/group-member/get-group-members?groupId=${group.id}&limit=1`)).body.data
        .total,
    ).toBe(1000);

    const changed = await root.post('/api/cms/action/group/set-members', {
      groupId: group.id,
      memberIds: [...chosen.slice(10), ...ids.slice(1000, 1003)],
    });
    expect(changed.body.data).toEqual({ added: 3, removed: 10, backdated: 0, members: 993 });
    const after = await root.get(`/api/cms/action/group/setup-candidates`);
    const inGroup = after.body.data.members.filter((row: { groupIds: number[] }) =>
      row.groupIds.includes(group.id),
    );
    expect(inGroup).toHaveLength(993);
    // Every change of the bulk saves is in the audit trail: 1,003 created, 10 deleted (they began today).
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', (eb) => eb.fn.countAll<number>().as('count')])
      .where('entity', '=', 'group-member')
      .where('id', '>', lastAuditId)
      .groupBy('action')
      .orderBy('action')
      .execute();
    expect(audited.map((row) => [row.action, Number(row.count)])).toEqual([
      ['create', 1003],
      ['delete', 10],
    ]);
  });

  it('sets a group from a chosen day in the past: a training that day lists its members', async () => {
    const group = await created('group', { name: 'Minulá' });
    const [early, late, gone] = [
      await member('Ema', 'Včasná'),
      await member('Lev', 'Pozdní'),
      await member('Olga', 'Odešlá'),
    ];
    const twoDaysAgo = addDays(today, -2);
    // Lev joined today already; Olga has been in since long ago.
    await created('group-member', { group: group.id, member: late.id, validFrom: today });
    const olga = await created('group-member', {
      group: group.id,
      member: gone.id,
      validFrom: addDays(today, -30),
    });
    const candidates = await root.get(`/api/cms/action/group/setup-candidates?from=${twoDaysAgo}`);
    expect(candidates.status, candidates.text).toBe(200);
    expect(candidates.body.data.from).toBe(twoDaysAgo);
    const groupsOf = (id: number) =>
      candidates.body.data.members.find((row: { id: number }) => row.id === id).groupIds;
    expect([groupsOf(early.id), groupsOf(late.id), groupsOf(gone.id)]).toEqual([[], [group.id], [group.id]]);

    const saved = await root.post('/api/cms/action/group/set-members', {
      groupId: group.id,
      memberIds: [early.id, late.id],
      validFrom: twoDaysAgo,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({ added: 1, removed: 1, backdated: 1, members: 2 });
    const training = await created('training', {
      group: group.id,
      startsAt: `${twoDaysAgo}T17:00:00+01:00`,
      endsAt: `${twoDaysAgo}T18:30:00+01:00`,
    });
    const sheet = await root.get(`/api/cms/action/attendance/sheet?trainingId=${training.id}`);
    expect(sheet.body.data.members.map((row: { lastName: string }) => row.lastName)).toEqual([
      'Pozdní',
      'Včasná',
    ]);
    const ended = await root.get(`/api/cms/form/group-member/${olga.id}`);
    expect(ended.body.data.validTo).toBe(addDays(twoDaysAgo, -1));

    const refused = await root.post('/api/cms/action/group/set-members', {
      groupId: group.id,
      memberIds: [],
      validFrom: '2026-02-30',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([{ path: 'validFrom', message: 'Zadejte platné datum.' }]);
  });

  it('gives the setup screen each category’s age range as the category declares it', async () => {
    await created('category', { name: 'Přípravka', ageFrom: 6, ageTo: 9, position: 1 });
    await created('category', { name: 'Veteráni', ageFrom: 40, position: 9 });
    const candidates = await root.get('/api/cms/action/group/setup-candidates');
    expect(candidates.body.data.from).toBe(today);
    expect(candidates.body.data.categories).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Přípravka', ageFrom: 6, ageTo: 9 }),
        expect.objectContaining({ name: 'Veteráni', ageFrom: 40, ageTo: null }),
      ]),
    );
  });
});
