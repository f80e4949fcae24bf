import { can, ERROR_MESSAGES, ROLES, type Role } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../test/fixtures.ts';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

/** Parameters name records that do not exist, so a permitted call reads or changes nothing real. */
const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, '999999').replace(/\*/g, 'x');

/**
 * The other half of the authorisation walk in security.test.ts (which proves every role the matrix
 * leaves out is refused): every role the matrix lets in gets past the guard of every /api route.
 */
describe.each(testEngines())('every API call as each permitted role on %s', (engine) => {
  let t: TestApp;
  const clients = new Map<Role, HttpClient>();

  beforeAll(async () => {
    t = await startTestApp(engine);
    for (const role of ROLES) clients.set(role, (await signedInClient(t, { roles: [role] })).client);
  });
  afterAll(() => t.close());

  it('lets each role the permission matrix grants past the access check, never 401 or the matrix’s 403', async () => {
    let checked = 0;
    for (const route of t.app.apiRoutes) {
      if (route.access === 'public') continue;
      const access = route.access;
      const permitted = ROLES.filter(
        (role) => access === 'session' || can([role], access.area, access.access),
      );
      for (const role of permitted) {
        const path = concretePath(route.url);
        const response = await clients
          .get(role)!
          .request(route.method, path, route.method === 'GET' ? undefined : {});
        const label = `${route.method} ${route.url} as ${role}: ${response.status} ${response.text.slice(0, 200)}`;
        expect(response.status, label).not.toBe(401);
        // A rule of the call itself may still refuse (a root's account), but never with the guard's words.
        if (response.status === 403)
          expect(response.body.error.message, label).not.toBe(ERROR_MESSAGES.FORBIDDEN);
        expect(response.status, label).toBeLessThan(500);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
