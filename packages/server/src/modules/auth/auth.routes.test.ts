import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import { startTestApp, TEST_ADMIN, type TestApp, testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('sign-in API on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine, { PUBLIC_URL: 'https://klub.test' });
  });
  afterAll(() => t.close());

  it('signs in with an HttpOnly, SameSite=Lax, Secure cookie and returns the user without secrets', async () => {
    const client = t.client();
    const response = await client.post('/api/login', {
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user).toMatchObject({
      email: TEST_ADMIN.email,
      roles: ['ROLE_ROOT'],
      active: true,
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('klubovna_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash|token/i);
  });

  it('answers /api/cms/user and /api/cms/me for the signed-in user only', async () => {
    expect((await t.client().get('/api/cms/user')).status).toBe(401);
    const client = await t.signedInAsRoot();
    const user = await client.get('/api/cms/user');
    expect(user.status).toBe(200);
    expect(Object.keys(user.body.data.user).sort()).toEqual(
      ['active', 'email', 'firstName', 'id', 'lastName', 'roles', 'twoFactor', 'version'].sort(),
    );
    const me = await client.get('/api/cms/me');
    expect(me.body.data).toEqual(user.body.data.user);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the same 401 and Czech message for an unknown e-mail and a wrong password', async () => {
    const unknown = await t.client().post('/api/login', { email: 'nikdo@klub.test', password: 'cokoli123' });
    const wrong = await t.client().post('/api/login', { email: TEST_ADMIN.email, password: 'spatne-heslo' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.error).toEqual({
      message: 'Nesprávný e-mail nebo heslo.',
      code: 'INVALID_CREDENTIALS',
      status: 401,
    });
  });

  it('issues a fresh session id on every login', async () => {
    const client = t.client();
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const first = client.cookies.get('klubovna_session');
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const second = client.cookies.get('klubovna_session');
    expect(second).not.toBe(first);
    const stale = t.client();
    stale.cookies.set('klubovna_session', first!);
    expect((await stale.get('/api/cms/user')).status).toBe(401);
  });

  it('refuses a deactivated user with the same answer as a wrong password', async () => {
    const user = await createUser(t, { active: false });
    const response = await t.client().post('/api/login', { email: user.email, password: user.password });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('stops honouring the sessions of a user who is deactivated', async () => {
    const { client, user } = await signedInClient(t);
    expect((await client.get('/api/cms/user')).status).toBe(200);
    await t.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await client.get('/api/cms/user')).status).toBe(401);
  });

  it('answers a body over 1 MB with 413 and a Czech message', async () => {
    const response = await t
      .client()
      .post('/api/login', { email: 'a@b.cz', password: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Odeslaná data jsou příliš velká.',
    });
  });

  it('ends the session on the server at logout', async () => {
    const client = await t.signedInAsRoot();
    const cookie = client.cookies.get('klubovna_session')!;
    expect((await client.post('/api/logout')).status).toBe(200);
    const replay = t.client();
    replay.cookies.set('klubovna_session', cookie);
    expect((await replay.get('/api/cms/user')).status).toBe(401);
  });

  it('expires an idle session and one past its absolute lifetime', async () => {
    const idle = await signedInClient(t);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', idle.user.id)
      .execute();
    expect((await idle.client.get('/api/cms/user')).status).toBe(401);
    const old = await signedInClient(t);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', old.user.id)
      .execute();
    expect((await old.client.get('/api/cms/user')).status).toBe(401);
  });

  it('validates the login body with Czech messages and field paths', async () => {
    const response = await t.client().post('/api/login', { email: 'neni-email', password: '' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.validationErrors.map((e: { path: string }) => e.path).sort()).toEqual([
      'email',
      'password',
    ]);
    expect(response.body.validationErrors[0].message).toMatch(/[áéíóúůýčďěňřšťž]|Zadejte/);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await t.client().post('/api/login', undefined, {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('MALFORMED_JSON');
  });
});
