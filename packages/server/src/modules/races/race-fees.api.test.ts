import { API_PATHS, apiPath, formatMoney, PROFILE_ROLE } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

const CZK = (amount: number) => ({ amount, currency: 'CZK' });

interface Request {
  id: number;
  member: number;
  title: string;
  amount: { amount: number; currency: string };
  dueDate: string;
  state: string;
  cancelled: boolean;
  variableSymbol: string;
  note: string | null;
}

describe.each(testEngines())('race fees on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let trainer: HttpClient;
  let parent: HttpClient;
  const member: Record<string, number> = {};

  const created = async (alias: string, body: Record<string, unknown>, client = root) => {
    const answer = await client.post(`/api/cms/form/${alias}`, body);
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data;
  };
  const race = (name: string, extra: Record<string, unknown>) =>
    created('race', { name, dateFrom: '2027-05-16', ...extra });
  const enter = (raceId: number, who: string, client = root) =>
    created('race-participant', { race: raceId, member: member[who] }, client);
  const requestsOf = async (raceId: number, client = root) => {
    const answer = await client.get(`/api/cms/datagrid/payment?limit=100&filter[race]=${raceId}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data.items as Request[];
  };
  const states = async (raceId: number, client = root) => {
    const answer = await client.get(apiPath(API_PATHS.raceParticipants, { id: raceId }));
    expect(answer.status, answer.text).toBe(200);
    return Object.fromEntries(
      (answer.body.data.participants as Array<{ lastName: string; paymentState: string | null }>).map(
        (row) => [row.lastName, row.paymentState],
      ),
    );
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    for (const [key, firstName, lastName, memberType] of [
      ['eva', 'Eva', 'Běžkyně', 'ATHLETE'],
      ['karel', 'Karel', 'Svěřenec', 'ATHLETE'],
      ['coach', 'Tomáš', 'Trenér', 'TRAINER'],
    ] as const)
      member[key] = (await created('member', { firstName, lastName, memberType })).id;
    const group = await created('group', { name: 'Vytrvalci', trainers: [member.coach] });
    await created('group-member', { group: group.id, member: member.karel, validFrom: '2026-01-01' });
    const coachAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    await created('profile-member', { profile: coachAccount.user.id, member: member.coach });
    trainer = coachAccount.client;
    const parentAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    await created('guardian', {
      member: member.karel,
      name: 'Marie Svěřencová',
      account: parentAccount.user.id,
    });
    parent = parentAccount.client;
  });
  afterAll(() => t?.close());

  it('asks the entry fee of each entry, once, and cancels it when the entry is withdrawn', async () => {
    const tenK = await race('Pražská desítka', { entryFee: CZK(45_000) });
    // A trainer enters their trainee; the parent finds the request among their own payments.
    const karel = await enter(tenK.id, 'karel', trainer);
    const [request] = await requestsOf(tenK.id);
    expect(request).toMatchObject({
      member: member.karel,
      title: 'Závod Pražská desítka',
      amount: CZK(45_000),
      state: 'UNPAID',
      cancelled: false,
    });
    expect(request!.dueDate <= '2027-05-16').toBe(true);
    expect((await requestsOf(tenK.id, parent)).map((item) => item.id)).toEqual([request!.id]);
    expect(await states(tenK.id, parent)).toEqual({ Svěřenec: 'UNPAID' });
    expect(await states(tenK.id, trainer)).toEqual({ Svěřenec: null });
    expect(await states(tenK.id)).toEqual({ Svěřenec: 'UNPAID' });

    expect((await root.delete(`/api/cms/form/race-participant/${karel.id}`)).status).toBe(200);
    expect(await requestsOf(tenK.id)).toMatchObject([
      { id: request!.id, state: 'CANCELLED', note: `Zrušeno odhlášením ${czechDate(pragueToday())}.` },
    ]);
    await enter(tenK.id, 'karel', trainer);
    expect(await requestsOf(tenK.id)).toMatchObject([
      { id: request!.id, state: 'UNPAID', cancelled: false, amount: CZK(45_000) },
    ]);
  });

  it('keeps the cancellation fee of a withdrawn entry, and asks nothing without an entry fee', async () => {
    const marathon = await race('Maraton', { entryFee: CZK(150_000), cancellationFee: CZK(30_000) });
    const eva = await enter(marathon.id, 'eva');
    expect((await root.delete(`/api/cms/form/race-participant/${eva.id}`)).status).toBe(200);
    expect(await requestsOf(marathon.id)).toMatchObject([
      {
        amount: CZK(30_000),
        state: 'UNPAID',
        cancelled: false,
        note: `Odhlášeno ${czechDate(pragueToday())}: zůstává storno poplatek ${formatMoney(30_000, 'CZK')} z ceny ${formatMoney(150_000, 'CZK')}.`,
      },
    ]);

    const free = await race('Běh parkem', {});
    await enter(free.id, 'eva');
    expect(await requestsOf(free.id)).toEqual([]);
    expect(await states(free.id)).toEqual({ Běžkyně: null });

    const pointless = await root.post('/api/cms/form/race', {
      name: 'Bez startovného',
      dateFrom: '2027-05-16',
      cancellationFee: CZK(10_000),
    });
    expect(pointless.status).toBe(400);
    expect(pointless.body.validationErrors).toEqual([
      { path: 'cancellationFee', message: 'Storno poplatek má smysl jen tam, kde je vyplněno startovné.' },
    ]);
  });
});
