import { API_PATHS } from '@klubovna/shared';
import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

const CLUB_ACCOUNT = '19-2000145399/0800';

describe.each(testEngines())('the office’s overdue payment reminders on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const today = pragueToday();
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; variableSymbol: string; spayd: string };
  };
  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
  const remind = (client: HttpClient, body: Record<string, unknown>) =>
    client.post(API_PATHS.paymentReminders, body);

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine, { PUBLIC_URL: 'https://klub.test', SMTP_URL: smtp.url });
    root = await t.signedInAsRoot();
    await created('web-configuration', { clubName: 'SK Klubovna', bankAccount: CLUB_ACCOUNT });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the chosen overdue requests’ reminders with the QR Platba, once a day, and tells how many', async () => {
    const dana = await created('member', {
      firstName: 'Dana',
      lastName: 'Dlužná',
      email: 'dana@rodina.test',
    });
    await created('guardian', { member: dana.id, name: 'Hana Dlužná', email: 'hana@rodina.test' });
    const eva = await created('member', { firstName: 'Eva', lastName: 'Pozdní', email: 'eva@rodina.test' });
    const request = (member: number, title: string, dueDate: string) =>
      created('payment', { member, title, amount: { amount: 80_000, currency: 'CZK' }, dueDate });
    const overdue = await request(dana.id, 'Příspěvek', addDays(today, -3));
    const notYet = await request(dana.id, 'Kemp', addDays(today, 20));
    await request(eva.id, 'Dres', addDays(today, -1));

    const listed = await root.get('/api/cms/datagrid/payment?limit=100&filter[due]=overdue');
    expect(listed.body.data.items.map((item: { title: string }) => item.title).sort()).toEqual([
      'Dres',
      'Příspěvek',
    ]);

    const chosen = await remind(root, { ids: [overdue.id, notYet.id] });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.data).toEqual({ sent: 2, overdue: 1 });
    await smtp.waitFor('hana@rodina.test');
    const mail = mailsTo('dana@rodina.test')[0]!;
    expect(mail.subject).toBe('Platba po splatnosti: Příspěvek');
    expect(mail.text).toContain(`Variabilní symbol: ${overdue.variableSymbol}`);
    expect(mail.raw).toContain('Content-Type: image/png');
    expect(mailsTo('eva@rodina.test')).toHaveLength(0);

    // Sent today already: the same again sends nothing; every overdue one leaves out only those.
    expect((await remind(root, { ids: [overdue.id] })).body.data).toEqual({ sent: 0, overdue: 1 });
    const all = await remind(root, {});
    expect(all.body.data).toEqual({ sent: 1, overdue: 2 });
    await smtp.waitFor('eva@rodina.test');
    expect(mailsTo('eva@rodina.test')[0]!.subject).toBe('Platba po splatnosti: Dres');
    expect(mailsTo('dana@rodina.test')).toHaveLength(1);
  });

  it('is the office’s alone, and refuses malformed ids in Czech', async () => {
    expect((await remind(t.client(), {})).status).toBe(401);
    const parent = await signedInClient(t, { roles: ['ROLE_USER'] });
    expect((await remind(parent.client, {})).status).toBe(403);
    const salesman = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await remind(salesman.client, {})).status).toBe(403);
    const bad = await remind(root, { ids: ['x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/[ěščřžýáíéů]/);
    // A request nobody has is no overdue one: nothing is sent about it.
    expect((await remind(root, { ids: [999_999] })).body.data).toEqual({ sent: 0, overdue: 0 });
  });
});
