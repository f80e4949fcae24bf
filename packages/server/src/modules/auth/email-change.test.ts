import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

const LINK = /https:\/\/klub\.test\/admin\/potvrzeni-emailu\/([A-Za-z0-9_-]+)/;

describe.each(testEngines())('own e-mail change confirmed from the new address on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine, { PUBLIC_URL: 'https://klub.test', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestChange = async (
    client: Awaited<ReturnType<typeof signedInClient>>['client'],
    email: string,
  ) => {
    const me = (await client.get('/api/cms/me')).body.data;
    return client.put('/api/cms/me', {
      firstName: me.firstName,
      lastName: 'Změněná',
      email,
      version: me.version,
    });
  };

  it('changes the e-mail only from the mailed link, once, and saves the names at once', async () => {
    const { client, user } = await signedInClient(t);
    const next = `novy-${user.id}@klub.test`;
    const saved = await requestChange(client, next.toUpperCase());
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ email: user.email, lastName: 'Změněná', pendingEmail: next });
    const mail = await smtp.waitFor(next);
    expect(mail.subject).toBe('Potvrzení nového e-mailu v Klubovně');
    expect(mail.text).toContain('platí 24 hodin a jen jednou');
    expect(smtp.mails.some((m) => m.to.includes(user.email) && m.subject.startsWith('Potvrzení'))).toBe(
      false,
    );
    expect((await client.get('/api/cms/me')).body.data.email).toBe(user.email);

    const token = LINK.exec(mail.text)![1]!;
    const confirmed = await t.client().post('/api/confirm-email', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data).toEqual({ email: next });
    expect((await client.get('/api/cms/me')).body.data.email).toBe(next);
    await t.client().login(next, user.password);
    const again = await t.client().post('/api/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an address another user has, at the request and at the confirmation', async () => {
    const { client, user } = await signedInClient(t);
    const other = await createUser(t);
    const taken = await requestChange(client, other.email.toUpperCase());
    expect(taken.status).toBe(400);
    expect(taken.body.validationErrors).toEqual([
      { path: 'email', message: 'Tento e-mail už používá jiný uživatel.' },
    ]);

    const wanted = `chteny-${user.id}@klub.test`;
    expect((await requestChange(client, wanted)).status).toBe(200);
    const token = LINK.exec((await smtp.waitFor(wanted)).text)![1]!;
    await createUser(t, { email: wanted });
    const late = await t.client().post('/api/confirm-email', { token });
    expect(late.status).toBe(400);
    expect((await client.get('/api/cms/me')).body.data.email).toBe(user.email);
  });

  it('voids an older link when a newer change is asked for, and a link past its 24 hours', async () => {
    const { client, user } = await signedInClient(t);
    const first = `prvni-${user.id}@klub.test`;
    await requestChange(client, first);
    const firstToken = LINK.exec((await smtp.waitFor(first)).text)![1]!;
    const second = `druhy-${user.id}@klub.test`;
    await requestChange(client, second);
    const secondToken = LINK.exec((await smtp.waitFor(second)).text)![1]!;
    expect((await t.client().post('/api/confirm-email', { token: firstToken })).status).toBe(400);
    await t.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await t.client().post('/api/confirm-email', { token: secondToken })).status).toBe(400);
    expect((await t.client().post('/api/confirm-email', {})).status).toBe(400);
  });
});
