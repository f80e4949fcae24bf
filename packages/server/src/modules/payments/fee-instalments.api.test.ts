import { API_PATHS, apiPath } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { parseSpayd } from './qr-platba/spayd.ts';

interface Request {
  id: number;
  member: number;
  title: string;
  amount: { amount: number; currency: string };
  dueDate: string;
  instalment: number | null;
  discount: { amount: number; currency: string } | null;
  discountReason: string | null;
  variableSymbol: string;
  spayd: string;
}

const czk = (amount: number) => ({ amount, currency: 'CZK' });

describe.each(testEngines())('fee instalments and discounts on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const member = {} as Record<'solo' | 'first' | 'second' | 'third', number>;
  let group: number;
  let configuration: Record<string, unknown>;

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.status} ${answer.text}`);
    return answer.body.data;
  };
  const createPayments = (fee: number) =>
    root.post(apiPath(API_PATHS.recordAction, { alias: 'fee', id: fee, action: 'create-payments' }), {});
  const requestsOf = async (fee: number) =>
    ((await root.get(`/api/cms/datagrid/payment?limit=100&filter[fee]=${fee}`)).body.data.items as Request[])
      .map((item) => item)
      .sort((a, b) => a.member - b.member || (a.instalment ?? 0) - (b.instalment ?? 0));
  const read = async (id: number) => (await root.get(`/api/cms/form/payment/${id}`)).body.data as Request;
  const fee = (body: Record<string, unknown>) =>
    created('fee', { dueDate: '2031-01-31', groups: [group], memberTypes: ['ATHLETE'], ...body });

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    const trainer = await created('member', {
      firstName: 'Petr',
      lastName: 'Trenér',
      memberType: 'TRAINER',
      email: 'petr@trener.test',
    });
    const head = await created('member', {
      firstName: 'Hana',
      lastName: 'Vedoucí',
      memberType: 'HEAD_TRAINER',
    });
    const petr = await createUser(t, { email: 'ucet.petr@trener.test' });
    const hana = await createUser(t, { email: 'ucet.hana@trener.test' });
    await created('profile-member', { profile: petr.id, member: trainer.id });
    await created('profile-member', { profile: hana.id, member: head.id });
    for (const [key, firstName, birthDate] of [
      ['solo', 'Samuel', '2013-01-01'],
      ['first', 'Filip', '2012-05-01'],
      ['second', 'Sára', '2015-09-30'],
      ['third', 'Tereza', '2014-02-02'],
    ] as const)
      member[key] = (await created('member', { firstName, lastName: 'Dítě', birthDate })).id;
    // The trainer's children: one by the trainer's e-mail, the other by his paired account too (and
    // siblings by the e-mail); the head trainer's daughter by her account alone.
    await created('guardian', { member: member.first, name: 'Petr Trenér', email: 'petr@trener.test' });
    await created('guardian', {
      member: member.second,
      name: 'Petr Trenér',
      email: 'petr@trener.test',
      account: petr.id,
    });
    await created('guardian', { member: member.third, name: 'Hana Vedoucí', account: hana.id });
    group = (await created('group', { name: 'Žáci splátky' })).id;
    for (const id of Object.values(member))
      await created('group-member', { group, member: id, validFrom: '2020-01-01' });
    configuration = await created('web-configuration', {
      clubName: 'SK Klubovna',
      bankAccount: '19-2000145399/0800',
      siblingDiscountPercent: 10,
      trainerChildDiscountPercent: 15,
    });
  });
  afterAll(() => t?.close());

  it('splits a fee into instalments to the haléř, month by month, each its own request, once', async () => {
    const season = await fee({ title: 'Členský příspěvek 2026/27', amount: czk(100_000), instalments: 3 });
    const answer = await createPayments(season.id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 12, skipped: 0, message: 'Vytvořeno 12 plateb.' });
    const requests = await requestsOf(season.id);
    const solo = requests.filter((request) => request.member === member.solo);
    expect(solo).toMatchObject([
      { instalment: 1, amount: czk(33_334), dueDate: '2031-01-31', discount: null },
      { instalment: 2, amount: czk(33_333), dueDate: '2031-02-28', discount: null },
      { instalment: 3, amount: czk(33_333), dueDate: '2031-03-31', discount: null },
    ]);
    expect(solo.map((request) => request.title)).toEqual([
      'Členský příspěvek 2026/27 – 1. splátka ze 3',
      'Členský příspěvek 2026/27 – 2. splátka ze 3',
      'Členský příspěvek 2026/27 – 3. splátka ze 3',
    ]);
    // Each request its own variable symbol, and a QR Platba of its own amount and due date.
    expect(new Set(requests.map((request) => request.variableSymbol)).size).toBe(12);
    for (const request of solo) {
      const spayd = parseSpayd((await read(request.id)).spayd);
      expect(spayd).toMatchObject({
        amount: request.amount.amount,
        variableSymbol: request.variableSymbol,
        dueDate: request.dueDate,
      });
    }
    // 15 % of 1 000,00 Kč off, split as the amount is.
    const first = requests.filter((request) => request.member === member.first);
    expect(first.map((request) => [request.amount.amount, request.discount?.amount])).toEqual([
      [28_334, 5_000],
      [28_333, 5_000],
      [28_333, 5_000],
    ]);
    expect(first.every((request) => request.discountReason === 'Sleva pro dítě trenéra 15 %')).toBe(true);

    const again = await createPayments(season.id);
    expect(again.body.data).toMatchObject({
      created: 0,
      skipped: 4,
      message: 'Žádná nová platba, 4 členové už měli všechny splátky.',
    });
    expect((await root.delete(`/api/cms/form/payment/${solo[1]!.id}`)).status).toBe(200);
    const missing = await createPayments(season.id);
    expect(missing.body.data).toMatchObject({
      created: 1,
      skipped: 3,
      message: 'Vytvořena 1 platba, 3 členové už měli všechny splátky.',
    });
    const redone = (await requestsOf(season.id)).filter((request) => request.member === member.solo);
    expect(redone.map((request) => [request.instalment, request.dueDate])).toEqual([
      [1, '2031-01-31'],
      [2, '2031-02-28'],
      [3, '2031-03-31'],
    ]);
    expect(await requestsOf(season.id)).toHaveLength(12);
  });

  it('spaces instalments by the months given, clamped to the month’s end', async () => {
    const spaced = await fee({
      title: 'Oddílový příspěvek',
      amount: czk(1_000),
      dueDate: '2031-11-30',
      instalments: 2,
      instalmentMonths: 3,
      memberTypes: ['ATHLETE'],
      groups: [group],
    });
    expect((await createPayments(spaced.id)).body.data).toMatchObject({ created: 8 });
    const solo = (await requestsOf(spaced.id)).filter((request) => request.member === member.solo);
    expect(solo.map((request) => [request.title, request.dueDate, request.amount.amount])).toEqual([
      ['Oddílový příspěvek – 1. splátka ze 2', '2031-11-30', 500],
      ['Oddílový příspěvek – 2. splátka ze 2', '2032-02-29', 500],
    ]);
  });

  it('gives a trainer’s child the trainer’s child discount, and the larger one when a sibling too', async () => {
    const discountOf = async (title: string) => {
      const single = await fee({ title, amount: czk(10_000) });
      expect((await createPayments(single.id)).body.data).toMatchObject({
        created: 4,
        message: 'Vytvořeny 4 platby.',
      });
      const byMember = new Map((await requestsOf(single.id)).map((request) => [request.member, request]));
      return (key: keyof typeof member) => {
        const request = byMember.get(member[key])!;
        expect(request.instalment).toBeNull();
        return [request.amount.amount, request.discountReason];
      };
    };
    const lower = await discountOf('Pojištění 2026');
    expect(lower('solo')).toEqual([10_000, null]);
    expect(lower('first')).toEqual([8_500, 'Sleva pro dítě trenéra 15 %']);
    // A younger sibling and a trainer's child: 15 % over 10 %, never both.
    expect(lower('second')).toEqual([8_500, 'Sleva pro dítě trenéra 15 %']);
    expect(lower('third')).toEqual([8_500, 'Sleva pro dítě trenéra 15 %']);

    const changed = await root.put(`/api/cms/form/web-configuration/${configuration.id}`, {
      ...configuration,
      siblingDiscountPercent: 20,
    });
    expect(changed.status, changed.text).toBe(200);
    const higher = await discountOf('Pojištění 2027');
    expect(higher('first')).toEqual([8_500, 'Sleva pro dítě trenéra 15 %']);
    expect(higher('second')).toEqual([8_000, 'Sourozenecká sleva 20 %']);
  });

  it('refuses instalments it cannot make, in Czech on the field', async () => {
    for (const [instalments, wanted] of [
      [0, 'alespoň 1'],
      [13, 'nejvýše 12'],
      [2.5, 'celé číslo'],
    ] as const) {
      const refused = await root.post('/api/cms/form/fee', {
        title: 'Špatné splátky',
        amount: czk(1_000),
        dueDate: '2031-01-31',
        instalments,
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.validationErrors[0].path).toBe('instalments');
      expect(refused.body.validationErrors[0].message).toContain(`Zadejte do pole „Počet splátek“ ${wanted}`);
    }
    const tooSmall = await root.post('/api/cms/form/fee', {
      title: 'Drobné',
      amount: czk(2),
      dueDate: '2031-01-31',
      instalments: 3,
    });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.validationErrors[0]).toEqual({
      path: 'instalments',
      message: 'Částku nelze rozdělit na tolik splátek.',
    });
    const tooLong = await root.post('/api/cms/form/fee', {
      title: 'D'.repeat(190),
      amount: czk(1_000),
      dueDate: '2031-01-31',
      instalments: 12,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.validationErrors[0]).toEqual({
      path: 'title',
      message: 'Název poplatku ve splátkách smí mít nejvýše 181 znaků.',
    });
  });
});
