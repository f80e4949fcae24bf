import { API_PATHS } from '@klubovna/shared';
import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { mailingApp } from '../../test/mailing-app.ts';
import { testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('the payments list of one group, and its overdue reminders, on %s', (engine) => {
  const suite = mailingApp(engine);
  const today = pragueToday();
  const ids: Record<string, number> = {};
  const { created } = suite;
  const titles = async (query: string) => {
    const response = await suite.root.get(`/api/cms/datagrid/payment?limit=100&${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data.items.map((item: { title: string }) => item.title).sort();
  };
  const remind = (client: HttpClient, body: Record<string, unknown>) =>
    client.post(API_PATHS.paymentReminders, body);

  beforeAll(async () => {
    await created('web-configuration', { clubName: 'SK Klubovna', bankAccount: '19-2000145399/0800' });
    const zaci = await created('group', { name: 'Žáci A' });
    const dorost = await created('group', { name: 'Dorost' });
    const member = (firstName: string, email: string) =>
      created('member', { firstName, lastName: 'Skupinová', email });
    const ema = await member('Ema', 'ema@rodina.test');
    const jan = await member('Jan', 'jan@rodina.test');
    const olga = await member('Olga', 'olga@rodina.test');
    await created('group-member', { group: zaci.id, member: ema.id });
    await created('group-member', { group: dorost.id, member: jan.id });
    // Olga left Žáci A yesterday: her requests are not the group's any more.
    await created('group-member', {
      group: zaci.id,
      member: olga.id,
      validFrom: addDays(today, -100),
      validTo: addDays(today, -1),
    });
    const request = (memberId: number, title: string, dueDate: string) =>
      created('payment', { member: memberId, title, amount: { amount: 50_000, currency: 'CZK' }, dueDate });
    await request(ema.id, 'Ema po splatnosti', addDays(today, -5));
    await request(ema.id, 'Ema později', addDays(today, 30));
    await request(jan.id, 'Jan po splatnosti', addDays(today, -5));
    await request(olga.id, 'Olga po splatnosti', addDays(today, -5));
    Object.assign(ids, { zaci: zaci.id, dorost: dorost.id });
  });

  it('filters the requests by the group their member is in today, and offers the groups to pick', async () => {
    const schema = await suite.root.get('/api/cms/datagrid/schema/payment');
    expect(schema.status, schema.text).toBe(200);
    expect(schema.body.data.filters).toContainEqual({
      name: 'group',
      label: 'Skupina',
      options: [],
      relationAlias: 'group',
    });
    expect(await titles(`filter[group]=${ids.zaci}`)).toEqual(['Ema po splatnosti', 'Ema později']);
    expect(await titles(`filter[group]=${ids.zaci}&filter[due]=overdue`)).toEqual(['Ema po splatnosti']);
    expect(await titles(`filter[group]=${ids.zaci}&filter[group]=${ids.dorost}&filter[due]=overdue`)).toEqual(
      ['Ema po splatnosti', 'Jan po splatnosti'],
    );
    const total = await suite.root.get(`/api/cms/datagrid/payment?filter[group]=${ids.dorost}`);
    expect(total.body.data.total).toBe(1);
    const exported = await suite.root.get(
      `/api/cms/datagrid/payment/export?format=csv&filter[group]=${ids.dorost}`,
    );
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('Jan po splatnosti');
    expect(exported.text).not.toContain('Ema');
  });

  it('refuses a group that is no record id in Czech', async () => {
    for (const value of ['x', '0', '-1', '1e3', '99999999999']) {
      const response = await suite.root.get(`/api/cms/datagrid/payment?filter[group]=${value}`);
      expect(response.status, value).toBe(400);
      expect(response.body.error.message).toBe(`Filtr „Skupina“ nezná hodnotu „${value}“.`);
    }
  });

  it('reminds the overdue requests of the list as filtered, and only the office may', async () => {
    const list = `filter[group]=${ids.zaci}&s=Skupinov`;
    expect((await remind(suite.t.client(), { list })).status).toBe(401);
    for (const role of ['ROLE_SALESMAN', 'ROLE_USER'] as const) {
      const someone = await signedInClient(suite.t, { roles: [role] });
      expect((await remind(someone.client, { list })).status, role).toBe(403);
    }

    const sent = await remind(suite.root, { list });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toEqual({ sent: 1, overdue: 1 });
    await suite.smtp.waitFor('ema@rodina.test');
    expect(suite.smtp.mails.flatMap((mail) => mail.to)).not.toContain('jan@rodina.test');
    expect(suite.smtp.mails.flatMap((mail) => mail.to)).not.toContain('olga@rodina.test');

    const both = await remind(suite.root, { list, ids: [1] });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/buď vybrané platby, nebo filtry/);
    const wrong = await remind(suite.root, { list: 'filter[group]=x' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Filtr „Skupina“ nezná hodnotu „x“.');
  });
});
