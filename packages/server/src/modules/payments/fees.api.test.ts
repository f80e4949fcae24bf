import { API_PATHS, apiPath, PROFILE_ROLE } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { percentOf } from './fee.actions.ts';

interface Request {
  id: number;
  member: number;
  title: string;
  amount: { amount: number; currency: string };
  discount: { amount: number; currency: string } | null;
  discountReason: string | null;
  fee: number | null;
  specificSymbol: string | null;
}

describe.each(testEngines())('fees on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let parent: HttpClient;
  let salesman: HttpClient;
  const member = {} as Record<'elder' | 'younger' | 'alone' | 'coach', number>;
  let group: number;

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.status} ${answer.text}`);
    return answer.body.data;
  };
  const createPayments = (fee: number, client = root) =>
    client.post(apiPath(API_PATHS.recordAction, { alias: 'fee', id: fee, action: 'create-payments' }), {});
  const requestsOf = async (fee: number) =>
    ((await root.get(`/api/cms/datagrid/payment?limit=100&filter[fee]=${fee}`)).body.data.items as Request[])
      .map((item) => item)
      .sort((a, b) => a.member - b.member);

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    for (const [key, firstName, lastName, birthDate, memberType] of [
      ['elder', 'Eliška', 'Sourozencová', '2012-05-01', 'ATHLETE'],
      ['younger', 'Ondřej', 'Sourozenec', '2015-09-30', 'ATHLETE'],
      ['alone', 'Adam', 'Samotný', '2013-01-01', 'ATHLETE'],
      ['coach', 'Karel', 'Trenér', '1980-01-01', 'TRAINER'],
    ] as const)
      member[key] = (await created('member', { firstName, lastName, birthDate, memberType })).id;
    // Two children of one mother: a guardian record each, the same e-mail.
    for (const child of [member.elder, member.younger])
      await created('guardian', { member: child, name: 'Marie Sourozencová', email: 'marie@rodina.cz' });
    group = (await created('group', { name: 'Žáci poplatek' })).id;
    for (const id of Object.values(member))
      await created('group-member', { group, member: id, validFrom: '2020-01-01' });
    await created('web-configuration', { clubName: 'SK Klubovna', siblingDiscountPercent: 10 });
    parent = (await signedInClient(t, { roles: [PROFILE_ROLE] })).client;
    salesman = (await signedInClient(t, { roles: ['ROLE_SALESMAN'] })).client;
  });
  afterAll(() => t?.close());

  it('creates one request per targeted member, once, with the younger sibling’s discount and its reason', async () => {
    const fee = await created('fee', {
      title: 'Členský příspěvek 2026/27',
      amount: { amount: 150_050, currency: 'CZK' },
      dueDate: '2030-09-30',
      specificSymbol: '2026',
      groups: [group],
      memberTypes: ['ATHLETE'],
    });
    const answer = await createPayments(fee.id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 3, skipped: 0, message: 'Vytvořeny 3 platby.' });
    const requests = await requestsOf(fee.id);
    expect(requests.map((request) => request.member)).toEqual(
      [member.elder, member.younger, member.alone].sort((a, b) => a - b),
    );
    const byMember = new Map(requests.map((request) => [request.member, request]));
    expect(byMember.get(member.elder)).toMatchObject({
      title: 'Členský příspěvek 2026/27',
      amount: { amount: 150_050, currency: 'CZK' },
      discount: null,
      fee: fee.id,
      specificSymbol: '2026',
    });
    // 10 % of 1 500,50 Kč is 150,05 Kč, to the haléř.
    expect(percentOf(150_050, 10)).toBe(15_005);
    expect(byMember.get(member.younger)).toMatchObject({
      amount: { amount: 135_045, currency: 'CZK' },
      discount: { amount: 15_005, currency: 'CZK' },
      discountReason: 'Sourozenecká sleva 10 %',
      fee: fee.id,
    });
    expect(byMember.get(member.alone)?.discount).toBeNull();

    const again = await createPayments(fee.id);
    expect(again.body.data).toMatchObject({
      created: 0,
      skipped: 3,
      message: 'Žádná nová platba, 3 členové ji už měli.',
    });
    const newcomer = (await created('member', { firstName: 'Nela', lastName: 'Nová', memberType: 'ATHLETE' }))
      .id;
    await created('group-member', { group, member: newcomer, validFrom: '2020-01-01' });
    const more = await createPayments(fee.id);
    expect(more.body.data).toMatchObject({
      created: 1,
      skipped: 3,
      message: 'Vytvořena 1 platba, 3 členové ji už měli.',
    });
    // The form offers the action as a button to the office.
    const schema = (await root.get('/api/cms/form/fee/schema')).body.data;
    expect(schema.actions).toEqual([
      { name: 'create-payments', label: 'Vytvořit platby', path: '/api/cms/action/fee/:id/create-payments' },
    ]);
    expect(await requestsOf(fee.id)).toHaveLength(4);
  });

  it('targets the groups of a category and member types alone, and refuses a fee that targets nobody', async () => {
    const category = (await created('category', { name: 'Trenéři kategorie' })).id;
    const coaches = (await created('group', { name: 'Trenérská skupina', category })).id;
    await created('group-member', { group: coaches, member: member.coach, validFrom: '2020-01-01' });
    const byCategory = await created('fee', {
      title: 'Licence trenéra',
      amount: { amount: 50_000, currency: 'CZK' },
      dueDate: '2030-10-31',
      categories: [category],
    });
    const first = await createPayments(byCategory.id);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ created: 1 });
    expect((await requestsOf(byCategory.id)).map((request) => request.member)).toEqual([member.coach]);
    const byType = await created('fee', {
      title: 'Pojištění trenérů',
      amount: { amount: 9_900, currency: 'EUR' },
      dueDate: '2030-10-31',
      memberTypes: ['TRAINER'],
    });
    const second = await createPayments(byType.id);
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toMatchObject({ created: 1 });
    const nobody = await created('fee', {
      title: 'Nikomu',
      amount: { amount: 100, currency: 'CZK' },
      dueDate: '2030-10-31',
    });
    const refused = await createPayments(nobody.id);
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors[0]).toEqual({
      path: 'groups',
      message: 'Poplatek necílí na žádného aktivního člena.',
    });
  });

  it('lets only the office see fees and create their payments', async () => {
    const fee = await created('fee', {
      title: 'Jen kancelář',
      amount: { amount: 1_000, currency: 'CZK' },
      dueDate: '2030-10-31',
      groups: [group],
    });
    expect((await t.client().get('/api/cms/datagrid/fee')).status).toBe(401);
    expect((await createPayments(fee.id, t.client())).status).toBe(401);
    expect((await salesman.get('/api/cms/datagrid/fee')).status).toBe(403);
    expect((await createPayments(fee.id, salesman)).status).toBe(403);
    const listed = await parent.get('/api/cms/datagrid/fee');
    expect(listed.status === 403 || listed.body.data.total === 0).toBe(true);
    expect([403, 404]).toContain((await parent.get(`/api/cms/form/fee/${fee.id}`)).status);
    expect((await createPayments(fee.id, parent)).status).toBe(403);
    expect((await createPayments(999_999)).status).toBe(404);
    expect(await requestsOf(fee.id)).toEqual([]);
  });
});
