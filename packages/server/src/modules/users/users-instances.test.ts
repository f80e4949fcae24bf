import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import { type SecondInstance, startSecondInstance } from '../../test/second-instance.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

/**
 * Deactivation ends the user's session at its next request wherever it is served, not after a cache
 * timeout. PostgreSQL is shared by several instances (README): the session is served by a second
 * one. A SQLite file serves one instance, whose session cache has just served the session.
 */
describe.each(testEngines())('deactivation and the session everywhere on %s', (engine) => {
  let t: TestApp;
  let second: SecondInstance | undefined;
  let server: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp(engine);
    if (engine === 'postgres') second = await startSecondInstance(t);
    server = second?.app ?? t.app;
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('ends the session at its next request', async () => {
    const { client, user } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const serve = () => server.inject({ method: 'GET', url: '/api/cms/user', headers: { cookie } });
    // The serving instance has seen (and may have cached) the session.
    expect((await serve()).statusCode).toBe(200);
    expect((await serve()).statusCode).toBe(200);
    const admin = await t.signedInAsRoot();
    const off = await admin.post(`/api/cms/change-user-active/${user.id}`);
    expect(off.status, off.text).toBe(200);
    expect((await serve()).statusCode).toBe(401);
    expect((await client.get('/api/cms/user')).status).toBe(401);
  });
});
