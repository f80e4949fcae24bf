import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { getBytes, readFirstSheet, rowValues } from '../../test/xlsx-reader.ts';

describe.each(testEngines())('the treasurer’s payments export on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; variableSymbol: string };
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes amounts as numbers, due dates as dates and each member’s groups of today in a column', async () => {
    const pupils = await created('group', { name: 'Žáci A' });
    const juniors = await created('group', { name: 'Dorost' });
    const former = await created('group', { name: 'Přípravka' });
    const ema = await created('member', { firstName: 'Ema', lastName: 'Exportní' });
    const jan = await created('member', { firstName: 'Jan', lastName: 'Bezskupinový' });
    for (const group of [pupils, juniors]) await created('group-member', { group: group.id, member: ema.id });
    await created('group-member', {
      group: former.id,
      member: ema.id,
      validFrom: '2020-09-01',
      validTo: '2021-06-30',
    });
    const request = (member: number, title: string, amount: number) =>
      created('payment', { member, title, amount: { amount, currency: 'CZK' }, dueDate: '2030-01-31' });
    const emas = await request(ema.id, 'Export Ema', 120_050);
    await request(jan.id, 'Export Jan', 90_000);

    const answer = await getBytes(
      root,
      '/api/cms/datagrid/payment/export?format=xlsx&sort=title&direction=asc',
    );
    expect(answer.status).toBe(200);
    const sheet = await readFirstSheet(answer.bytes);
    const header = rowValues(sheet, 1) as string[];
    expect(header.at(-1)).toBe('Skupiny člena');
    const column = (name: string) => header.indexOf(name);
    const ema1 = rowValues(sheet, 2);
    const jan1 = rowValues(sheet, 3);
    expect(ema1[column('Název')]).toBe('Export Ema');
    expect(ema1[column('Částka')]).toBe(1200.5);
    expect(ema1[column('Částka – měna')]).toBe('CZK');
    expect(ema1[column('Splatnost')]).toEqual(new Date(Date.UTC(2030, 0, 31)));
    expect(ema1[column('Variabilní symbol')]).toBe(emas.variableSymbol);
    expect(ema1[column('Skupiny člena')]).toBe('Dorost, Žáci A');
    expect(jan1[column('Název')]).toBe('Export Jan');
    expect(jan1[column('Částka')]).toBe(900);
    expect(jan1[column('Skupiny člena')]).toBeNull();

    const csv = await root.get('/api/cms/datagrid/payment/export?format=csv&sort=title&direction=asc');
    expect(csv.text.split(/\r?\n/)[1]).toContain('Dorost, Žáci A');
  });
});
