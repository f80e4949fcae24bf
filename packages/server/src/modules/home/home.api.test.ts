import { API_PATHS, type Home, type HomeTile, PROFILE_ROLE } from '@klubovna/shared';
import { addDays, pragueToday, pragueToUtc } from '@klubovna/shared/time/prague';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { dueMembers, MEDICAL_FILTER, MEDICAL_VALUES, registerRefusals } from './obligation-tiles.ts';
import { weekStart } from './trainer-tiles.ts';

// Who sees which tile: a trainer their groups' week, a parent their child's matters, the office what
// the club has to handle, the salesman nothing of these; and the counts follow the data.

const HOUR = 3_600_000;

describe.each(testEngines())('the home screen on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let trainer: HttpClient;
  let parent: HttpClient;
  let salesman: HttpClient;
  const id: Record<string, number> = {};
  const today = pragueToday();
  const monday = weekStart(today);
  const ended = new Date(Date.now() - 3 * HOUR);
  const endedThisWeek = weekStart(pragueToday(ended)) === monday;

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.status} ${answer.text}`);
    return answer.body.data.id as number;
  };
  const homeOf = async (client: HttpClient) => {
    const answer = await client.get(API_PATHS.home);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data as Home;
  };
  const tile = (home: Home, key: string) => home.tiles.find((entry) => entry.key === key) as HomeTile;
  const keys = (home: Home) => home.tiles.map((entry) => entry.key);

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    for (const [key, firstName, lastName, memberType] of [
      ['trainer', 'Tomáš', 'Trenérský', 'TRAINER'],
      ['other', 'Olga', 'Cizí', 'TRAINER'],
      ['a1', 'Adam', 'První', 'ATHLETE'],
      ['a2', 'Anna', 'Druhá', 'ATHLETE'],
    ] as const)
      id[key] = await created('member', { firstName, lastName, memberType });
    id.g1 = await created('group', { name: 'Přípravka', trainers: [id.trainer] });
    id.g2 = await created('group', { name: 'Žáci', trainers: [id.other] });
    const competing = await root.put(`/api/cms/form/member/${id.a2}`, {
      version: (await root.get(`/api/cms/form/member/${id.a2}`)).body.data.version,
      competingFrom: addDays(today, -30),
    });
    expect(competing.status, competing.text).toBe(200);
    for (const member of ['a1', 'a2'])
      await created('group-member', { group: id.g1, member: id[member], validFrom: addDays(today, -120) });
    const training = (group: number, startsAt: Date) =>
      created('training', {
        group,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
      });
    id.ended = await training(id.g1, ended);
    id.foreign = await training(id.g2, ended);
    id.coming = await training(id.g1, new Date(Date.now() + 24 * HOUR));
    id.lastWeek = await training(id.g1, new Date(pragueToUtc(addDays(monday, -5), '17:00')));
    await created('attendance', { training: id.lastWeek, member: id.a1, status: 'PRESENT' });
    await created('attendance', { training: id.lastWeek, member: id.a2, status: 'ABSENT' });

    id.camp = await created('camp', {
      name: 'Zimní tábor',
      dateFrom: addDays(today, 30),
      dateTo: addDays(today, 35),
      capacity: 2,
      registrationDeadline: addDays(today, 3),
    });
    await created('camp', {
      name: 'Letní tábor',
      dateFrom: addDays(today, 200),
      dateTo: addDays(today, 205),
      registrationDeadline: addDays(today, 100),
    });
    await created('camp-participant', { camp: id.camp, member: id.a1 });
    id.overdue = await created('payment', {
      member: id.a1,
      title: 'Příspěvek podzim',
      amount: { amount: 150_000, currency: 'CZK' },
      dueDate: addDays(today, -10),
    });
    await created('payment', {
      member: id.a2,
      title: 'Příspěvek jaro',
      amount: { amount: 90_000, currency: 'CZK' },
      dueDate: addDays(today, 60),
    });
    const invited = await root.post(API_PATHS.createInvitedUser, {
      email: 'pozvany@example.cz',
      firstName: 'Petr',
      lastName: 'Pozvaný',
      roles: ['ROLE_USER'],
    });
    expect(invited.status, invited.text).toBe(201);

    const trainerAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    trainer = trainerAccount.client;
    await created('profile-member', { profile: trainerAccount.user.id, member: id.trainer });
    const parentAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    parent = parentAccount.client;
    await created('guardian', { member: id.a1, name: 'Radka První', account: parentAccount.user.id });
    salesman = (await signedInClient(t, { roles: ['ROLE_SALESMAN'] })).client;
  });
  afterAll(() => t?.close());

  it('answers 401 to nobody signed in', async () => {
    expect((await t.client().get(API_PATHS.home)).status).toBe(401);
  });

  it("shows a trainer their own groups' week: attendance to take and each group's trend", async () => {
    const home = await homeOf(trainer);
    expect(keys(home)).toEqual(['attendance-to-take', 'attendance-trend']);
    const waiting = tile(home, 'attendance-to-take');
    const comingThisWeek = weekStart(pragueToday(new Date(Date.now() + 24 * HOUR))) === monday;
    expect(waiting.count).toBe(Number(endedThisWeek) + Number(comingThisWeek));
    expect(waiting.items.every((item) => item.label === 'Přípravka')).toBe(true);
    const links = waiting.items.map((item) => item.link);
    expect(links.includes(`/admin/treninky/dochazka?id=${id.ended}`)).toBe(endedThisWeek);
    expect(links).not.toContain(`/admin/treninky/dochazka?id=${id.foreign}`);
    if (endedThisWeek) expect(waiting.items[0]).toMatchObject({ tone: 'warning' });

    const trend = tile(home, 'attendance-trend').trends?.[0];
    if (!trend) throw new Error('no trend');
    expect(trend).toMatchObject({ groupId: id.g1, groupName: 'Přípravka' });
    expect(trend.weeks).toHaveLength(8);
    expect(trend.weeks.at(-2)).toEqual({ week: addDays(monday, -7), present: 1, marked: 2 });
    expect(trend.weeks.at(-1)).toEqual({ week: monday, present: 0, marked: 0 });
  });

  it('counts a training as done once its attendance is marked', async () => {
    await created('attendance', { training: id.coming, member: id.a1, status: 'EXCUSED' });
    const links = tile(await homeOf(trainer), 'attendance-to-take').items.map((item) => item.link);
    expect(links).not.toContain(`/admin/treninky/dochazka?id=${id.coming}`);
  });

  it("shows a parent only their child's trainings, camps and what is owed", async () => {
    const home = await homeOf(parent);
    expect(keys(home)).toEqual(['own-next-trainings', 'own-events', 'own-payments']);
    expect(tile(home, 'own-next-trainings').items[0]?.label).toBe('Přípravka');
    expect(tile(home, 'own-events')).toMatchObject({
      count: 1,
      items: [{ label: 'Soustředění Zimní tábor' }],
    });
    const owed = tile(home, 'own-payments');
    expect(owed).toMatchObject({ count: 1, items: [{ label: 'Příspěvek podzim', tone: 'danger' }] });
    const payment = (await root.get(`/api/cms/form/payment/${id.overdue}`)).body.data;
    expect(owed.amounts).toEqual([payment.amount]);
  });

  it('shows the office deadlines with free places, open invitations and overdue payments', async () => {
    const home = await homeOf(root);
    expect(keys(home)).toEqual([
      'overdue-payments',
      'medical-checks',
      'sign-up-deadlines',
      'pending-invitations',
      'register-problems',
    ]);
    expect(tile(home, 'medical-checks')).toMatchObject({
      count: 1,
      link: '/admin/clenove?filter%5Bmedical%5D=expiring&filter%5Bmedical%5D=missing',
      items: [{ label: 'Anna Druhá', detail: 'chybí platná prohlídka', tone: 'danger' }],
    });
    // The two trainers and the competing athlete have no rodné číslo yet.
    expect(tile(home, 'register-problems')).toMatchObject({ count: 3, link: '/admin/rejstrik-sportu' });
    expect(tile(home, 'sign-up-deadlines')).toMatchObject({
      count: 1,
      items: [{ label: 'Soustředění Zimní tábor', link: `/admin/soustredeni/edit?id=${id.camp}` }],
    });
    expect(tile(home, 'sign-up-deadlines').items[0]?.detail).toMatch(/1 volné místo$/);
    expect(tile(home, 'pending-invitations')).toMatchObject({
      count: 1,
      items: [{ label: 'pozvany@example.cz' }],
    });
    const overdue = tile(home, 'overdue-payments');
    expect(overdue).toMatchObject({ count: 1, summary: '1 platba je po splatnosti.' });
    expect(overdue.items).toEqual([expect.objectContaining({ label: 'Adam První' })]);
    const payment = (await root.get(`/api/cms/form/payment/${id.overdue}`)).body.data;
    expect(overdue.amounts).toEqual([payment.amount]);
    const link = new URL(overdue.link!, 'http://x');
    expect(link.pathname).toBe('/admin/platby');
    expect(link.searchParams.getAll('filter[state]')).toEqual(['UNPAID', 'PARTLY_PAID']);
    expect(link.searchParams.get('filter[dueDate][to]')).toBe(addDays(today, -1));
  });

  it('leaves out of the office tile what is paid', async () => {
    const { version } = (await root.get(`/api/cms/form/payment/${id.overdue}`)).body.data;
    const cancelled = await root.put(`/api/cms/form/payment/${id.overdue}`, { version, cancelled: true });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(tile(await homeOf(root), 'overdue-payments').count).toBe(0);
  });

  it('reads what the register would refuse again only once the members have changed', async () => {
    const db = t.db as unknown as DynamicDb;
    const first = await registerRefusals(db);
    expect(await registerRefusals(db)).toBe(first);
    const trainer = (await root.get(`/api/cms/form/member/${id.trainer}`)).body.data;
    const fixed = await root.put(`/api/cms/form/member/${id.trainer}`, {
      version: trainer.version,
      birthDate: '1990-01-01',
      birthNumber: '900101/0007',
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(tile(await homeOf(root), 'register-problems').count).toBe(first.count - 1);
    expect(await registerRefusals(db)).not.toBe(first);
  });

  if (engine === 'sqlite')
    it('finds the members due a medical check through indexes, without walking every member', async () => {
      const db = t.db as unknown as DynamicDb;
      const filter = t.app.entities.get('member')!.declaration.filters![MEDICAL_FILTER]!;
      const due = dueMembers(db, filter.where(MEDICAL_VALUES, today));
      for (const query of [due.count, due.first]) {
        const { sql, parameters } = query.compile();
        const plan = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
        );
        expect(plan.rows.map((row) => row.detail).join(' | ')).not.toMatch(/SCAN members\b/);
      }
    });

  it('shows the salesman no tile of these matters', async () => {
    expect((await homeOf(salesman)).tiles).toEqual([]);
  });
});
