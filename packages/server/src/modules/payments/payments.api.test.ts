import { API_PATHS, apiPath, formatMoney, PROFILE_ROLE } from '@klubovna/shared';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { seedMembers } from '../members/index.ts';
import { ibanOfCzechAccount } from './qr-platba/czech-account.ts';
import { parseSpayd } from './qr-platba/spayd.ts';
import { fioCsvText, gpcFile, gpcHeader, gpcItem, zeros } from './statements/test-files.ts';

const jsQR = jsqr.default;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const CLUB_ACCOUNT = '19-2000145399/0800';
const YEAR = new Date().getFullYear();

interface Payment {
  id: number;
  version: number;
  variableSymbol: string;
  state: string;
  paidAmount: { amount: number; currency: string };
  spayd: string;
}

describe.each(testEngines())('payments on %s', (engine) => {
  let t: TestApp;
  /** The declared entities' tables, which the core database type does not name. */
  const tables = () => t.db as unknown as DynamicDb;
  let root: HttpClient;
  let parent: HttpClient;
  let stranger: HttpClient;
  let salesman: HttpClient;
  const member: Record<string, number> = {};

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.status} ${answer.text}`);
    return answer.body.data;
  };
  /** A request of `amount` haléře. */
  const request = (who: string, title: string, amount: number, extra: Record<string, unknown> = {}) =>
    created('payment', {
      member: member[who],
      title,
      amount: { amount, currency: 'CZK' },
      dueDate: '2030-01-31',
      ...extra,
    }) as Promise<Payment>;
  const read = async (id: number) => (await root.get(`/api/cms/form/payment/${id}`)).body.data as Payment;
  const ids = async (client: HttpClient, query = '', alias = 'payment') =>
    ((await client.get(`/api/cms/datagrid/${alias}?limit=100${query}`)).body.data.items as Payment[])
      .map((item) => item.id)
      .sort((a, b) => a - b);
  const sendStatement = (file: Buffer, name: string, dryRun = false, client = root) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    return client.request('POST', `${API_PATHS.paymentStatements}${dryRun ? '?dryRun=1' : ''}`, undefined, {
      rawBody: form,
      headers: XHR,
    });
  };
  const qrPath = (id: number) => apiPath(API_PATHS.paymentQr, { id });

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    for (const [key, firstName, lastName] of [
      ['child', 'Cyril', 'Rodinný'],
      ['other', 'Olga', 'Cizí'],
      ['third', 'Tereza', 'Třetí'],
    ] as const)
      member[key] = (await created('member', { firstName, lastName, memberType: 'ATHLETE' })).id;
    const parentAccount = await signedInClient(t, { roles: [PROFILE_ROLE] });
    parent = parentAccount.client;
    await created('guardian', {
      member: member.child,
      name: 'Radka Rodinná',
      account: parentAccount.user.id,
    });
    stranger = (await signedInClient(t, { roles: [PROFILE_ROLE] })).client;
    salesman = (await signedInClient(t, { roles: ['ROLE_SALESMAN'] })).client;
  });
  afterAll(() => t?.close());

  it('leaves the QR Platba empty, and says why, until the club has its account', async () => {
    const payment = await request('third', 'Bez účtu', 10_000);
    expect(payment.spayd).toBe('');
    const qr = await root.get(qrPath(payment.id));
    expect(qr.status).toBe(409);
    expect(qr.body.error.message).toContain('Konfiguraci webu');
    const wrong = await root.post('/api/cms/form/web-configuration', {
      clubName: 'SK Klubovna',
      bankAccount: 'účet klubu',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors[0].path).toBe('bankAccount');
    await created('web-configuration', { clubName: 'SK Klubovna', bankAccount: CLUB_ACCOUNT });
  });

  it('generates the variable symbol, keeps amounts to the haléř and carries a QR Platba that reads back', async () => {
    const payment = await request('child', 'Členský příspěvek 2026/27', 123_456, {
      message: 'Příspěvek Cyril',
    });
    expect(payment.variableSymbol).toMatch(new RegExp(`^${YEAR}\\d{6}$`));
    expect(payment).toMatchObject({ state: 'UNPAID', paidAmount: { amount: 0, currency: 'CZK' } });
    const spayd = parseSpayd(payment.spayd);
    expect(spayd).toMatchObject({
      iban: ibanOfCzechAccount(CLUB_ACCOUNT),
      amount: 123_456,
      currency: 'CZK',
      variableSymbol: payment.variableSymbol,
      dueDate: '2030-01-31',
    });
    const next = await request('child', 'Soustředění', 1);
    expect(Number(next.variableSymbol)).toBe(Number(payment.variableSymbol) + 1);
    expect(parseSpayd(next.spayd).amount).toBe(1);
    const fraction = await root.post('/api/cms/form/payment', {
      member: member.child,
      title: 'Zlomek haléře',
      amount: { amount: 12.5, currency: 'CZK' },
      dueDate: '2030-01-31',
    });
    expect(fraction.status).toBe(400);
    expect(fraction.body.validationErrors).toEqual([
      { path: 'amount.amount', message: 'Zadejte do pole „Částka“ částku v celých haléřích.' },
    ]);
  });

  it('answers the QR Platba as an SVG that decodes to the record’s text', async () => {
    const payment = await request('child', 'Dres', 85_000);
    const answer = await root.get(qrPath(payment.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('image/svg+xml');
    const { data, info } = await sharp(Buffer.from(answer.text), { density: 300 })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      info.width,
      info.height,
    );
    expect(decoded?.data).toBe(payment.spayd);
  });

  it('refuses a taken or malformed variable symbol', async () => {
    const first = await request('other', 'Ručně', 1000, { variableSymbol: '0077 123' });
    expect(first.variableSymbol).toBe('77123');
    const taken = await root.post('/api/cms/form/payment', {
      member: member.other,
      title: 'Znovu',
      amount: { amount: 1000, currency: 'CZK' },
      dueDate: '2030-01-31',
      variableSymbol: '77123',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.validationErrors[0].path).toBe('variableSymbol');
    const letters = await root.post('/api/cms/form/payment', {
      member: member.other,
      title: 'Písmena',
      amount: { amount: 1000, currency: 'CZK' },
      dueDate: '2030-01-31',
      variableSymbol: '12AB',
    });
    expect(letters.status).toBe(400);
  });

  it('gives requests created at once different variable symbols', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        root.post('/api/cms/form/payment', {
          member: member.third,
          title: `Souběžná ${index}`,
          amount: { amount: 10_000, currency: 'CZK' },
          dueDate: '2030-01-31',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const symbols = answers.map((answer) => answer.body.data.variableSymbol as string);
    expect(new Set(symbols).size).toBe(12);
  });

  it('lets only the office read and write money, and members and guardians read their own', async () => {
    const own = await request('child', 'Vlastní', 10_000);
    const foreign = await request('other', 'Cizí', 10_000);
    expect((await t.client().get('/api/cms/datagrid/payment')).status).toBe(401);
    expect((await t.client().get(qrPath(own.id))).status).toBe(401);
    expect((await salesman.get('/api/cms/datagrid/payment')).status).toBe(403);
    expect((await salesman.get(qrPath(own.id))).status).toBe(403);
    const parentIds = await ids(parent);
    expect(parentIds).toContain(own.id);
    expect(parentIds).not.toContain(foreign.id);
    const total = (await parent.get('/api/cms/datagrid/payment?limit=1')).body.data.total;
    expect(total).toBe(parentIds.length);
    expect((await parent.get(`/api/cms/form/payment/${own.id}`)).status).toBe(200);
    expect((await parent.get(`/api/cms/form/payment/${foreign.id}`)).status).toBe(404);
    expect((await parent.get(qrPath(own.id))).status).toBe(200);
    expect((await parent.get(qrPath(foreign.id))).status).toBe(404);
    const exported = await parent.get('/api/cms/datagrid/payment/export?format=csv');
    if (exported.status === 200) expect(exported.text).not.toContain('Cizí');
    expect(await ids(stranger)).toEqual([]);
    expect((await stranger.get(`/api/cms/form/payment/${own.id}`)).status).toBe(404);
    const change = await parent.put(`/api/cms/form/payment/${own.id}`, {
      version: own.version,
      cancelled: true,
    });
    expect(change.status).toBe(403);
    const create = await parent.post('/api/cms/form/payment', {
      member: member.child,
      title: 'Sám sobě',
      amount: { amount: 100, currency: 'CZK' },
      dueDate: '2030-01-31',
    });
    expect(create.status).toBe(403);
    expect((await sendStatement(gpcFile([gpcHeader()]), 'vypis.gpc', false, parent)).status).toBe(403);
    expect(await ids(parent, '', 'bank-transaction')).toEqual([]);
  });

  it('creates one request per group member in one call, leaving out who has one of that title', async () => {
    const many: number[] = [];
    for (let index = 0; index < 30; index++)
      many.push(
        (await created('member', { firstName: `Hromadný${index}`, lastName: 'Člen', memberType: 'ATHLETE' }))
          .id,
      );
    const group = (await created('group', { name: 'Hromadná skupina' })).id;
    for (const id of many.slice(0, 20))
      await created('group-member', { group, member: id, validFrom: '2020-01-01' });
    await request('third', 'Příspěvek hromadně', 50_000);
    const bulk = {
      title: 'Příspěvek hromadně',
      amount: { amount: 50_000, currency: 'CZK' },
      dueDate: '2030-03-31',
    };
    const answer = await root.post(API_PATHS.paymentBulkCreate, {
      ...bulk,
      groupId: group,
      memberIds: [...many.slice(15), member.third],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 30, skipped: 1 });
    const again = await root.post(API_PATHS.paymentBulkCreate, { ...bulk, memberIds: many });
    expect(again.body.data).toMatchObject({ created: 0, skipped: 30 });
    const rows = (
      await root.get(`/api/cms/datagrid/payment?limit=100&s=${encodeURIComponent('Příspěvek hromadně')}`)
    ).body.data.items as Array<Payment & { member: number }>;
    expect(rows).toHaveLength(31);
    expect(new Set(rows.map((row) => row.variableSymbol)).size).toBe(31);
    expect(rows.every((row) => parseSpayd(row.spayd).amount === 50_000)).toBe(true);
    expect(
      (await parent.post(API_PATHS.paymentBulkCreate, { ...bulk, memberIds: [member.child] })).status,
    ).toBe(403);
    const bad = await root.post(API_PATHS.paymentBulkCreate, {
      ...bulk,
      amount: { amount: -100, currency: 'CZK' },
      memberIds: many,
    });
    expect(bad.status).toBe(400);
  });

  it('creates a thousand requests in one call, each with its own variable symbol', async () => {
    await seedMembers(t.db, 1000, 11);
    const seeded = await tables()
      .selectFrom('members')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1000)
      .execute();
    const answer = await root.post(API_PATHS.paymentBulkCreate, {
      title: 'Tisíc najednou',
      amount: { amount: 150_075, currency: 'CZK' },
      dueDate: '2030-06-30',
      specificSymbol: '007',
      memberIds: seeded.map((row) => Number(row.id)),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.created).toBe(1000);
    const rows = await tables()
      .selectFrom('payments')
      .select(['variable_symbol', 'specific_symbol', 'amount_amount', 'state'])
      .where('title', '=', 'Tisíc najednou')
      .execute();
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((row) => row.variable_symbol)).size).toBe(1000);
    expect(rows.every((row) => row.specific_symbol === '7' && Number(row.amount_amount) === 150_075)).toBe(
      true,
    );
    expect(new Set(rows.map((row) => row.state))).toEqual(new Set(['UNPAID']));
  });

  it('gives requests created in bulk and one by one at once different variable symbols', async () => {
    const answers = await Promise.all([
      ...[1, 2, 3].map((index) =>
        root.post(API_PATHS.paymentBulkCreate, {
          title: `Souběžně hromadně ${index}`,
          amount: { amount: 1000, currency: 'CZK' },
          dueDate: '2030-06-30',
          memberIds: [member.child, member.other, member.third],
        }),
      ),
      ...[1, 2, 3].map((index) =>
        request('third', `Souběžně jednotlivě ${index}`, 10).then(() => ({ status: 200 })),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const symbols = await tables()
      .selectFrom('payments')
      .select('variable_symbol')
      .where('title', 'like', 'Souběžně%')
      .execute();
    expect(symbols).toHaveLength(12);
    expect(new Set(symbols.map((row) => row.variable_symbol)).size).toBe(12);
  });

  it('settles requests from a GPC statement, once, and leaves an unknown symbol for the office', async () => {
    const full = await request('other', 'GPC celá', 50_000);
    const part = await request('other', 'GPC část', 100_050);
    const cancelled = await request('other', 'GPC zrušená', 10_000, { cancelled: true });
    expect(cancelled.state).toBe('CANCELLED');
    const file = gpcFile([
      gpcHeader(),
      gpcItem({
        documentNumber: '0000000000001',
        amount: 50_000,
        variableSymbol: zeros(full.variableSymbol, 10),
      }),
      gpcItem({
        documentNumber: '0000000000002',
        amount: 40_025,
        variableSymbol: zeros(part.variableSymbol, 10),
      }),
      gpcItem({
        documentNumber: '0000000000003',
        amount: 10_000,
        variableSymbol: zeros(cancelled.variableSymbol, 10),
      }),
      gpcItem({ documentNumber: '0000000000004', amount: 777, variableSymbol: '0000099999' }),
      gpcItem({
        documentNumber: '0000000000005',
        amount: 9_900,
        postingCode: '1',
        variableSymbol: zeros(full.variableSymbol, 10),
      }),
    ]);
    const dry = await sendStatement(file, 'vypis.gpc', true);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, matched: 2, unmatched: 2, imported: 0 });
    expect(dry.body.data.lines[0].payment).toMatchObject({ id: full.id, member: 'Olga Cizí' });
    expect((await read(full.id)).state).toBe('UNPAID');
    expect(await ids(root, '', 'bank-transaction')).toEqual([]);

    const done = await sendStatement(file, 'vypis.gpc');
    expect(done.body.data).toMatchObject({ dryRun: false, matched: 2, unmatched: 2, imported: 0 });
    expect(await read(full.id)).toMatchObject({
      state: 'PAID',
      paidAmount: { amount: 50_000, currency: 'CZK' },
    });
    expect(await read(part.id)).toMatchObject({ state: 'PARTLY_PAID', paidAmount: { amount: 40_025 } });
    expect((await read(cancelled.id)).state).toBe('CANCELLED');

    const again = await sendStatement(file, 'vypis.gpc');
    expect(again.body.data).toMatchObject({ matched: 0, unmatched: 0, imported: 4 });
    expect((await read(part.id)).paidAmount.amount).toBe(40_025);

    const columns = (await root.get('/api/cms/datagrid/schema/bank-transaction')).body.data.columns as Array<{
      key: string;
      emptyFilter?: boolean;
    }>;
    expect(columns.find((column) => column.key === 'payment')?.emptyFilter).toBe(true);
    const queue = (await root.get('/api/cms/datagrid/bank-transaction?limit=100&filter[payment]=none')).body
      .data.items as Array<{ id: number; version: number; variableSymbol: string }>;
    const unknown = queue.find((line) => line.variableSymbol === '99999');
    expect(unknown).toBeDefined();
    const assigned = await root.put(`/api/cms/form/bank-transaction/${unknown!.id}`, {
      version: unknown!.version,
      payment: part.id,
    });
    expect(assigned.status).toBe(200);
    expect(await read(part.id)).toMatchObject({ state: 'PARTLY_PAID', paidAmount: { amount: 40_802 } });
  });

  it('finds a request to assign a bank line to by its member’s name, telling the member and the amount', async () => {
    member.sought = (
      await created('member', { firstName: 'Hedvika', lastName: 'Hledaná', memberType: 'ATHLETE' })
    ).id;
    const sought = await request('sought', 'Oddílový příspěvek', 123_450);
    const fifty = await request('other', 'Oddílový příspěvek', 5_000);
    const picker = (s: string) =>
      root.get(`/api/cms/autocomplete/payment?s=${encodeURIComponent(s)}&field=bank-transaction.payment`);
    const values = async (s: string) =>
      ((await picker(s)).body.data as Array<{ value: number }>).map((option) => option.value);
    const byName = await picker('hledaná');
    expect(byName.status).toBe(200);
    expect(byName.body.data).toEqual([
      {
        value: sought.id,
        label: `Oddílový příspěvek ${sought.variableSymbol}`,
        detail: `Hledaná Hedvika · ${formatMoney(123_450, 'CZK')}`,
      },
    ]);
    // Words of the request's own fields and of its member's hold together; a short word starts a name.
    expect(await values('oddílový hedvika')).toEqual([sought.id]);
    expect(await values('he')).toContain(sought.id);
    // An amount in whole crowns or with haléře, alone or beside a name.
    expect(await values('1234,50')).toEqual([sought.id]);
    expect(await values('1234,5 oddílový')).toEqual([sought.id]);
    expect(await values('oddílový 50')).toEqual([fifty.id]);
    expect(await values('1234')).toEqual([]);
    // The list's search box finds it the same way; a renamed member is found by the new name at once.
    expect(await ids(root, '&s=hedvika')).toEqual([sought.id]);
    const before = (await root.get(`/api/cms/form/member/${member.sought}`)).body.data;
    await root.put(`/api/cms/form/member/${member.sought}`, {
      version: before.version,
      lastName: 'Přejmenovaná',
    });
    expect(await ids(root, '&s=přejmenovaná')).toEqual([sought.id]);
    expect(await ids(root, '&s=hledaná')).toEqual([]);
    // A parent searching their own payments finds no one else's by a name.
    expect(await ids(parent, '&s=hedvika')).toEqual([]);
  });

  it('settles requests from a Fio CSV, overpaid and exact to the haléř', async () => {
    const over = await request('third', 'Fio přeplatek', 20_000);
    const exact = await request('third', 'Fio přesně', 10);
    const csv = fioCsvText([
      {
        'ID pohybu': '26100000101',
        Datum: '01.04.2025',
        Objem: '250,00',
        Měna: 'CZK',
        VS: over.variableSymbol,
      },
      {
        'ID pohybu': '26100000102',
        Datum: '02.04.2025',
        Objem: '0,10',
        Měna: 'CZK',
        VS: exact.variableSymbol,
      },
      {
        'ID pohybu': '26100000103',
        Datum: '02.04.2025',
        Objem: '0,10',
        Měna: 'EUR',
        VS: exact.variableSymbol,
      },
    ]);
    const answer = await sendStatement(Buffer.from(csv), 'pohyby.csv');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ format: 'fio-csv', matched: 2, unmatched: 1 });
    expect(await read(over.id)).toMatchObject({ state: 'OVERPAID', paidAmount: { amount: 25_000 } });
    expect(await read(exact.id)).toMatchObject({ state: 'PAID', paidAmount: { amount: 10 } });
  });

  it('shows a parent the child’s payments to pay on their own page, with the account and the QR Platba', async () => {
    const due = await request('child', 'Na stránce člena', 32_150, { specificSymbol: '77' });
    await request('child', 'Zrušená na stránce', 1000, { cancelled: true });
    const club = (await parent.get(API_PATHS.myClub)).body.data;
    expect(club.bankAccount).toBe(CLUB_ACCOUNT);
    const child = club.members.find((each: { id: number }) => each.id === member.child);
    const shown = child.payments.find((payment: { id: number }) => payment.id === due.id);
    expect(shown).toMatchObject({
      title: 'Na stránce člena',
      amount: { amount: 32_150, currency: 'CZK' },
      state: 'UNPAID',
      stateLabel: 'Nezaplaceno',
      variableSymbol: due.variableSymbol,
      specificSymbol: '77',
      hasQr: true,
    });
    expect(child.payments.map((payment: { title: string }) => payment.title)).not.toContain(
      'Zrušená na stránce',
    );
    expect(JSON.stringify(club)).not.toContain('Cizí');
  });

  it('makes the QR Platba of what is still to pay anew when the club’s account changes', async () => {
    const unpaid = await request('third', 'Před změnou účtu', 10_000);
    const config = (await root.get('/api/cms/datagrid/web-configuration')).body.data.items[0];
    const changed = await root.put(`/api/cms/form/web-configuration/${config.id}`, {
      version: config.version,
      bankAccount: '2000145399/0800',
    });
    expect(changed.status).toBe(200);
    expect(parseSpayd((await read(unpaid.id)).spayd).iban).toBe(ibanOfCzechAccount('2000145399/0800'));
    const back = await root.put(`/api/cms/form/web-configuration/${config.id}`, {
      version: changed.body.data.version,
      bankAccount: CLUB_ACCOUNT,
    });
    expect(back.status).toBe(200);
    expect(parseSpayd((await read(unpaid.id)).spayd).iban).toBe(ibanOfCzechAccount(CLUB_ACCOUNT));
  });

  it('refuses a file that is no statement, in Czech', async () => {
    const answer = await sendStatement(Buffer.from('nic'), 'obrazek.png');
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/[ěščřžýáíéůú]/);
  });
});
