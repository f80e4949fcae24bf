import { findRoute } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

const LINK = /https:\/\/klub\.test\/admin\/renew-password\/([A-Za-z0-9_-]+)/;

describe.each(testEngines())('password renewal on %s', (engine) => {
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

  async function requestToken(email: string): Promise<string> {
    const before = smtp.mails.length;
    const response = await t.client().post('/api/forgotten-password', { email });
    expect(response.status).toBe(200);
    const deadline = Date.now() + 5000;
    while (smtp.mails.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const mail = await smtp.waitFor(email);
    return LINK.exec(mail.text)![1]!;
  }

  it('answers the same whether the e-mail exists or not, and mails only an existing user', async () => {
    const user = await createUser(t);
    const unknown = await t.client().post('/api/forgotten-password', { email: 'nikdo@klub.test', cms: true });
    const known = await t.client().post('/api/forgotten-password', { email: user.email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Obnova hesla do Klubovny');
    expect(mail.text).toMatch(LINK);
    expect(mail.text).toContain('platí 1 hodinu');
    expect(smtp.mails.some((m) => m.to.includes('nikdo@klub.test'))).toBe(false);
  });

  it('links to a working renewal page when cms is false (the back office while the public page is not built)', async () => {
    const user = await createUser(t);
    const response = await t.client().post('/api/forgotten-password', { email: user.email, cms: false });
    expect(response.status).toBe(200);
    const mail = await smtp.waitFor(user.email);
    const publicPageBuilt = findRoute('public.renewPassword')?.active;
    expect(mail.text).toMatch(publicPageBuilt ? /https:\/\/klub\.test\/obnova-hesla\/\S{40,}/ : LINK);
  });

  it('stores only a hash of a 256-bit token', async () => {
    const user = await createUser(t);
    const token = await requestToken(user.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.db
      .selectFrom('password_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it('sets the password once, ends all sessions of the user, and refuses the used token', async () => {
    const { client, user } = await signedInClient(t);
    const token = await requestToken(user.email);
    const renewed = await t.client().post('/api/password-recovery', { token, password: 'nové heslo 🚴‍♀️' });
    expect(renewed.status).toBe(200);
    expect((await client.get('/api/cms/user')).status).toBe(401);
    await t.client().login(user.email, 'nové heslo 🚴‍♀️');
    const again = await t.client().post('/api/password-recovery', { token, password: 'ještě jiné heslo' });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');
    expect(again.body.error.message).toMatch(/neplatný nebo vypršel/);
  });

  it('refuses an expired token and one superseded by a newer request', async () => {
    const user = await createUser(t);
    const older = await requestToken(user.email);
    const newer = await requestToken(user.email);
    expect(newer).not.toBe(older);
    const superseded = await t
      .client()
      .post('/api/password-recovery', { token: older, password: 'platne heslo 1' });
    expect(superseded.status).toBe(400);
    await t.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await t
      .client()
      .post('/api/password-recovery', { token: newer, password: 'platne heslo 1' });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('INVALID_TOKEN');
  });

  it('checks a link without using it, answering the same for an unknown, an expired and a used token', async () => {
    const user = await createUser(t);
    const token = await requestToken(user.email);
    const check = (value: string) => t.client().post('/api/password-recovery/check', { token: value });
    const fresh = await check(token);
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body).toEqual({ data: { valid: true } });
    expect((await check(token)).status).toBe(200);

    const unknown = await check('neznamy-token-0123456789');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({
      code: 'INVALID_TOKEN',
      status: 400,
      message: 'Odkaz pro obnovu hesla je neplatný nebo vypršel. Požádejte o nový.',
    });
    // Checking used nothing up: the password can still be set, after which the token is dead.
    expect(
      (await t.client().post('/api/password-recovery', { token, password: 'platne heslo 2' })).status,
    ).toBe(200);
    const used = await check(token);
    expect(used.body).toEqual(unknown.body);

    const other = await createUser(t);
    const expiring = await requestToken(other.email);
    await t.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', other.id)
      .execute();
    expect((await check(expiring)).body).toEqual(unknown.body);
  });

  it('limits link checks per address like the other public sign-in calls', async () => {
    const limited = await startTestApp(engine);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 51; attempt++)
        statuses.push((await limited.client().post('/api/password-recovery/check', { token: 'x' })).status);
      expect(statuses.slice(0, 50).every((status) => status === 400)).toBe(true);
      expect(statuses[50]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('applies the password rules: 8 to 128 characters, emoji count as one, no composition rules', async () => {
    const user = await createUser(t);
    const token = await requestToken(user.email);
    const short = await t.client().post('/api/password-recovery', { token, password: '🚴🚴🚴🚴🚴🚴🚴' });
    expect(short.status).toBe(400);
    expect(short.body.validationErrors[0]).toEqual({
      path: 'password',
      message: 'Heslo musí mít alespoň 8 znaků.',
    });
    const long = await t.client().post('/api/password-recovery', { token, password: 'x'.repeat(129) });
    expect(long.body.validationErrors[0].message).toBe('Heslo může mít nejvýše 128 znaků.');
    const ok = await t.client().post('/api/password-recovery', { token, password: 'žluťoučký kůň' });
    expect(ok.status).toBe(200);
  });

  it('changes the own password with the current one and ends the other sessions', async () => {
    const { client, user } = await signedInClient(t);
    const other = t.client();
    await other.login(user.email, user.password);
    const wrong = await client.post('/api/cms/me/password', {
      currentPassword: 'spatne',
      newPassword: 'nové heslo 123',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors[0].path).toBe('currentPassword');
    const changed = await client.post('/api/cms/me/password', {
      currentPassword: user.password,
      newPassword: 'nové heslo 123',
    });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/cms/user')).status).toBe(200);
    expect((await other.get('/api/cms/user')).status).toBe(401);
  });

  it('ends every outstanding renewal link when the user changes the password in the profile', async () => {
    const { client, user } = await signedInClient(t);
    const token = await requestToken(user.email);
    const changed = await client.post('/api/cms/me/password', {
      currentPassword: user.password,
      newPassword: 'nové heslo 456',
    });
    expect(changed.status).toBe(200);
    const late = await t.client().post('/api/password-recovery', { token, password: 'heslo útočníka' });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('INVALID_TOKEN');
    await t.client().login(user.email, 'nové heslo 456');
  });

  it('ends every outstanding renewal link when an admin sets the password', async () => {
    const { client: admin } = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
    const user = await createUser(t);
    const token = await requestToken(user.email);
    const set = await admin.post(`/api/admin/user/${user.id}/password`, { password: 'heslo od správce' });
    expect(set.status).toBe(200);
    const late = await t.client().post('/api/password-recovery', { token, password: 'heslo útočníka' });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('INVALID_TOKEN');
    await t.client().login(user.email, 'heslo od správce');
  });

  it('updates the own profile and answers a stale version with 409', async () => {
    const { client } = await signedInClient(t);
    const me = (await client.get('/api/cms/me')).body.data;
    const saved = await client.put('/api/cms/me', { ...me, firstName: 'Jiří', lastName: 'Čermák' });
    expect(saved.body.data).toMatchObject({ firstName: 'Jiří', lastName: 'Čermák', version: me.version + 1 });
    const stale = await client.put('/api/cms/me', { ...me, firstName: 'Přepsáno' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current.firstName).toBe('Jiří');
  });
});
