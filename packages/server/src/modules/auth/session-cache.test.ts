import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

/** Sessions are cached for a few seconds; every way of ending one in this process must still end it at once. */
describe.each(testEngines())('session cache on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** A signed-in client whose session has just been looked up, so it sits in the cache. */
  async function cachedSession() {
    const signedIn = await signedInClient(t);
    for (let index = 0; index < 2; index += 1) {
      expect((await signedIn.client.get('/api/cms/user')).status).toBe(200);
    }
    return signedIn;
  }

  it('ends a cached session at logout, for a copy of its cookie too', async () => {
    const { client } = await cachedSession();
    const copy = t.client();
    copy.cookies.set('klubovna_session', client.cookies.get('klubovna_session')!);
    expect((await copy.get('/api/cms/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await copy.get('/api/cms/user')).status).toBe(401);
  });

  it('ends the cached sessions of a user whose password changes', async () => {
    const { client, user } = await cachedSession();
    const other = t.client();
    await other.login(user.email, user.password);
    expect((await other.get('/api/cms/user')).status).toBe(200);
    await client.post('/api/cms/me/password', {
      currentPassword: user.password,
      newPassword: 'nové heslo 456',
    });
    expect((await other.get('/api/cms/user')).status).toBe(401);
    expect((await client.get('/api/cms/user')).status).toBe(200);
  });

  it('refuses a cached session as soon as its user is deactivated or its roles change', async () => {
    const { client, user } = await cachedSession();
    await t.db.updateTable('users').set({ roles: '["ROLE_ADMIN"]' }).where('id', '=', user.id).execute();
    expect((await client.get('/api/cms/user')).body.data.user.roles).toEqual(['ROLE_ADMIN']);
    await t.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await client.get('/api/cms/user')).status).toBe(401);
  });

  it('touches a session idle for over a minute, and it stays valid', async () => {
    const { client, user } = await cachedSession();
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: longAgo })
      .where('user_id', '=', user.id)
      .execute();
    expect((await client.get('/api/cms/user')).status).toBe(200);
    const touched = await t.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(touched.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    await signedInClient(t);
    expect((await client.get('/api/cms/user')).status).toBe(200);
  });

  it('keeps sessions apart: one user never gets another one’s cached session', async () => {
    const first = await cachedSession();
    const second = await signedInClient(t, { email: `druhy-${Date.now()}@klub.test` });
    expect((await second.client.get('/api/cms/user')).body.data.user.email).toBe(second.user.email);
    expect((await first.client.get('/api/cms/user')).body.data.user.email).toBe(first.user.email);
    const stranger = await createUser(t);
    expect(stranger.email).not.toBe(first.user.email);
  });
});
