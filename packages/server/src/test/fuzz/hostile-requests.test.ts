import { PROFILE_ROLE } from '@klubovna/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../fixtures.ts';
import type { HttpClient } from '../http-client.ts';
import { type TestApp, testEngines } from '../test-app.ts';
import { startTestAppWithFixtures } from '../test-entities.ts';
import { type RecordIds, seedEveryEntity } from './entity-values.ts';
import { hostileRequests } from './hostile-requests.ts';
import { RefusalChecker } from './refusal-checker.ts';
import { requestSweep } from './request-sweep.ts';
import type { ApiRoute } from './route-slots.ts';

/** Random requests per engine and run, on top of the sweep (FUZZ_RUNS to explore longer). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

describe.each(testEngines())('hostile requests from the route table and the declarations on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let ids: RecordIds;
  let routes: ApiRoute[];
  let checker: RefusalChecker;

  beforeAll(async () => {
    // The product's entities and the fixtures (every relation kind): whatever `app.entities` holds.
    t = await startTestAppWithFixtures(engine);
    root = await t.signedInAsRoot();
    // A pairing names a profile: an account with only the lowest role.
    const profile = await createUser(t, { roles: [PROFILE_ROLE] });
    // The web configuration is one record: a second is refused.
    ids = await seedEveryEntity(
      root,
      t.app.entities,
      3,
      { 'profile-member': { profile: profile.id } },
      { 'web-configuration': 1 },
    );
    // Signing out would leave the rest of the run anonymous; anonymous requests are sent anyway.
    routes = t.app.apiRoutes.filter((route) => route.url !== '/api/logout');
    checker = new RefusalChecker(t, root);
  });
  afterAll(() => t.close());

  const report = (what: string, started: number, sentBefore: number) =>
    console.info(
      `fuzz on ${engine}, ${what}: ${checker.sent - sentBefore} requests in ${Date.now() - started} ms; ` +
        `statuses so far ${JSON.stringify(Object.fromEntries(checker.statuses))}`,
    );

  it('sweeps every route × entity × input slot with the values that break databases: no 5xx, refusals change nothing', async () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(t.app.entities.size).toBeGreaterThan(2);
    const started = Date.now();
    await checker.sendAll(requestSweep(routes, t.app.entities, ids));
    report('sweep', started, 0);
    // Most of them must get past routing and sign-in, or the sweep proves little.
    expect(checker.deepShare()).toBeGreaterThan(0.8);
    // About 44,000 requests: 66 s on SQLite and 134 s on PostgreSQL on two cores (a snapshot of every
    // table only after a request that may have written, see snapshotSince).
  }, 600_000);

  it('survives random requests of every shape around the same routes and entities', async () => {
    const started = Date.now();
    const sentBefore = checker.sent;
    await fc.assert(
      fc.asyncProperty(hostileRequests(routes, t.app.entities, ids), (request) => checker.send(request)),
      { numRuns: RUNS },
    );
    await checker.settle();
    report('random', started, sentBefore);
  }, 300_000);

  it('still answers normally afterwards', async () => {
    expect((await t.client().get('/api/health')).body.data.status).toBe('ok');
    expect((await root.get('/api/cms/user')).status).toBe(200);
    for (const alias of t.app.entities.keys()) {
      expect((await root.get(`/api/cms/datagrid/${alias}`)).status, alias).toBe(200);
    }
  });
});
