import { PROFILE_ROLE } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

// A trainer, a parent of two and an athlete, each signed in with the lowest role: what each sees and
// may change follows from pairing, guardianship and training a group, never from the role alone.

describe.each(testEngines())('people and their own on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let trainer: HttpClient;
  let parent: HttpClient;
  let athlete: HttpClient;
  const member: Record<string, number> = {};
  const group: Record<string, number> = {};
  const training: Record<string, number> = {};

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.status} ${answer.text}`);
    return answer.body.data.id as number;
  };
  const ids = async (client: HttpClient, alias: string, query = '') =>
    (
      (await client.get(`/api/cms/datagrid/${alias}?limit=100${query}`)).body.data.items as Array<{
        id: number;
      }>
    )
      .map((item) => item.id)
      .sort((a, b) => a - b);
  const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    const people = {
      trainer: ['Tomáš', 'Trenérský', 'TRAINER'],
      otherTrainer: ['Olga', 'Cizí', 'TRAINER'],
      a1: ['Adam', 'První', 'ATHLETE'],
      a2: ['Anna', 'Druhá', 'ATHLETE'],
      b1: ['Bára', 'Bystrá', 'ATHLETE'],
      c1: ['Cyril', 'Rodinný', 'ATHLETE'],
      c2: ['Cecílie', 'Rodinná', 'ATHLETE'],
      x: ['Xaver', 'Neznámý', 'ATHLETE'],
    } as const;
    for (const [key, [firstName, lastName, memberType]] of Object.entries(people))
      member[key] = await created('member', { firstName, lastName, memberType, phone: '+420 777 000 111' });
    group.g1 = await created('group', { name: 'Přípravka', trainers: [member.trainer] });
    group.g2 = await created('group', { name: 'Žáci', trainers: [member.otherTrainer] });
    for (const [who, where] of [
      ['a1', 'g1'],
      ['a2', 'g1'],
      ['c1', 'g1'],
      ['b1', 'g2'],
      ['c2', 'g2'],
    ] as const)
      await created('group-member', { group: group[where], member: member[who], validFrom: '2026-09-01' });
    training.t1 = await created('training', {
      group: group.g1,
      startsAt: '2026-11-20T16:00:00+01:00',
      endsAt: '2026-11-20T17:30:00+01:00',
    });
    training.t2 = await created('training', {
      group: group.g2,
      startsAt: '2026-11-21T16:00:00+01:00',
      endsAt: '2026-11-21T17:30:00+01:00',
    });
    const trainerAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    trainer = trainerAccount.client;
    await created('profile-member', { profile: trainerAccount.user.id, member: member.trainer });
    const parentAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    parent = parentAccount.client;
    for (const child of ['c1', 'c2'])
      await created('guardian', {
        member: member[child],
        name: 'Radka Rodinná',
        account: parentAccount.user.id,
      });
    const athleteAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    athlete = athleteAccount.client;
    await created('profile-member', { profile: athleteAccount.user.id, member: member.b1 });
  });
  afterAll(() => t.close());

  it('gives a trainer their own record and the members, trainings and group they train, nothing else', async () => {
    expect(await ids(trainer, 'member')).toEqual(sorted(member.trainer!, member.a1!, member.a2!, member.c1!));
    expect(await ids(trainer, 'group')).toEqual([group.g1]);
    expect(await ids(trainer, 'training')).toEqual([training.t1]);
    expect((await trainer.get(`/api/cms/form/member/${member.b1}`)).status).toBe(404);
    expect((await trainer.get(`/api/cms/form/training/${training.t2}`)).status).toBe(404);
    const searched = (await trainer.get('/api/cms/datagrid/member?s=rodin')).body.data;
    expect(searched.items.map((item: { id: number }) => item.id)).toEqual([member.c1]);
    expect(searched.total).toBe(1);
  });

  it('lets a trainer plan trainings of their group only, and keep the attendance of them', async () => {
    // A week ahead of the clock, so that it stays among the next trainings on the person's own page below.
    const startsAt = new Date(Date.now() + 7 * 24 * 3_600_000);
    const planned = {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
    };
    const own = await trainer.post('/api/cms/form/training', { group: group.g1, ...planned });
    expect(own.status).toBe(201);
    const foreign = await trainer.post('/api/cms/form/training', { group: group.g2, ...planned });
    expect(foreign.status).toBe(403);
    expect(await ids(root, 'training')).not.toContain(foreign.body.data?.id);
    expect((await root.get('/api/cms/datagrid/training?limit=100')).body.data.total).toBe(3);
  });

  it('lets a trainer correct their own contact details, not a trainee’s, and nothing the office keeps', async () => {
    const own = (await trainer.get(`/api/cms/form/member/${member.trainer}`)).body.data;
    expect(
      (
        await trainer.put(`/api/cms/form/member/${member.trainer}`, {
          version: own.version,
          phone: '+420 602 111 222',
        })
      ).status,
    ).toBe(200);
    const typeChange = await trainer.put(`/api/cms/form/member/${member.trainer}`, {
      version: own.version + 1,
      memberType: 'HEAD_TRAINER',
    });
    expect(typeChange.status).toBe(403);
    expect(typeChange.body.validationErrors).toEqual([
      { path: 'memberType', message: 'Toto pole může změnit jen kancelář klubu.' },
    ]);
    const trainee = (await trainer.get(`/api/cms/form/member/${member.a1}`)).body.data;
    expect(
      (await trainer.put(`/api/cms/form/member/${member.a1}`, { version: trainee.version, phone: '+420 1' }))
        .status,
    ).toBe(403);
    expect((await trainer.delete(`/api/cms/form/member/${member.a1}`)).status).toBe(403);
  });

  it('gives a parent both children as their own, with their groups and trainings, and no one else', async () => {
    expect(await ids(parent, 'member')).toEqual(sorted(member.c1!, member.c2!));
    expect(await ids(parent, 'group')).toEqual(sorted(group.g1!, group.g2!));
    // Every training there is belongs to one of their groups (the trainer planned one more meanwhile).
    expect(await ids(parent, 'training')).toEqual(await ids(root, 'training'));
    expect(await ids(parent, 'training')).toContain(training.t2);
    expect(await ids(parent, 'guardian')).toHaveLength(2);
    expect((await parent.get(`/api/cms/form/member/${member.a1}`)).status).toBe(404);
    const exported = await parent.get('/api/cms/datagrid/member/export?format=csv');
    expect(exported.text.trim().split(/\r?\n/)).toHaveLength(3);
    expect(exported.text).not.toContain('První');
  });

  it('lets a parent change a child’s contact and consents, never create or delete members', async () => {
    const child = (await parent.get(`/api/cms/form/member/${member.c1}`)).body.data;
    const saved = await parent.put(`/api/cms/form/member/${member.c1}`, {
      version: child.version,
      email: 'cyril@rodina.test',
    });
    expect(saved.status).toBe(200);
    expect((await parent.post('/api/cms/form/member', { firstName: 'Nový', lastName: 'Člen' })).status).toBe(
      403,
    );
    expect((await parent.delete(`/api/cms/form/member/${member.c2}`)).status).toBe(403);
    const consent = await parent.post('/api/cms/form/consent', {
      member: member.c1,
      kind: 'PUBLIC_PHOTOS',
      granted: false,
      givenBy: 'Radka Rodinná',
    });
    expect(consent.status).toBe(201);
    const foreign = await parent.post('/api/cms/form/consent', {
      member: member.a1,
      kind: 'PUBLIC_PHOTOS',
      granted: true,
    });
    expect(foreign.status).toBe(403);
    expect((await root.get('/api/cms/datagrid/consent')).body.data.total).toBe(1);
  });

  it('tells the screens what a person may create: a parent no members but consents; the office both', async () => {
    const creates = async (client: HttpClient) => {
      const tables = (await client.get('/api/cms/tables')).body.data as Array<{
        alias: string;
        canCreate: boolean;
      }>;
      const byAlias = (alias: string) => tables.find((table) => table.alias === alias)?.canCreate;
      return {
        member: [
          byAlias('member'),
          (await client.get('/api/cms/form/member/schema')).body.data.canCreate,
          (await client.get('/api/cms/datagrid/schema/member')).body.data.canCreate,
        ],
        consent: [
          byAlias('consent'),
          (await client.get('/api/cms/form/consent/schema')).body.data.canCreate,
          (await client.get('/api/cms/datagrid/schema/consent')).body.data.canCreate,
        ],
        guardian: byAlias('guardian'),
      };
    };
    expect(await creates(parent)).toEqual({
      member: [false, false, false],
      consent: [true, true, true],
      guardian: false,
    });
    expect(await creates(root)).toEqual({
      member: [true, true, true],
      consent: [true, true, true],
      guardian: true,
    });
  });

  it('answers each person’s own page: their members, how they are theirs, groups, consents, next trainings', async () => {
    const parentClub = (await parent.get('/api/cms/me/club')).body.data;
    expect(parentClub.trains).toEqual([]);
    expect(parentClub.members.map((one: { id: number; relation: string }) => [one.id, one.relation])).toEqual(
      [
        [member.c2, 'child'],
        [member.c1, 'child'],
      ],
    );
    const cyril = parentClub.members.find((one: { id: number }) => one.id === member.c1);
    expect(cyril.groups).toEqual([{ id: group.g1, name: 'Přípravka' }]);
    expect(
      cyril.consents.map((consent: { kind: string; granted: boolean }) => [consent.kind, consent.granted]),
    ).toEqual([
      ['PUBLIC_PHOTOS', false],
      ['PUBLIC_NAME', false],
      ['CLUB_EMAILS', false],
    ]);
    expect(cyril.nextTrainings.map((next: { groupName: string }) => next.groupName)).toEqual(['Přípravka']);
    const trainerClub = (await trainer.get('/api/cms/me/club')).body.data;
    expect(trainerClub.trains).toEqual([{ id: group.g1, name: 'Přípravka' }]);
    expect(trainerClub.members.map((one: { relation: string }) => one.relation)).toEqual(['self']);
    expect((await t.client().get('/api/cms/me/club')).status).toBe(401);
  });

  it('gives an athlete their own record and their group’s trainings; pairing gives no trainer’s reach', async () => {
    expect(await ids(athlete, 'member')).toEqual([member.b1]);
    expect(await ids(athlete, 'training')).toEqual([training.t2]);
    expect(await ids(athlete, 'group-member')).toHaveLength(1);
    expect((await athlete.get(`/api/cms/form/member/${member.c2}`)).status).toBe(404);
  });
});
