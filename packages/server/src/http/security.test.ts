import { can, ROLES, type Role } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../test/fixtures.ts';
import { TEST_ADMIN, type TestApp, testEngines } from '../test/test-app.ts';
import { startTestAppWithFixtures } from '../test/test-entities.ts';

const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

describe.each(testEngines())('authorisation and hardening on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    // Fixture entities (relations of both kinds) join the product's, so their routes are walked too.
    t = await startTestAppWithFixtures(engine);
  });
  afterAll(() => t.close());

  it('walks every registered /api route: anonymous → 401, a role without the right → 403', async () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(5);
    const clients = new Map<string, Awaited<ReturnType<typeof signedInClient>>['client']>();
    const clientFor = async (roles: Role[]) => {
      const key = roles.join(',');
      if (!clients.has(key)) clients.set(key, (await signedInClient(t, { roles })).client);
      return clients.get(key)!;
    };
    for (const route of t.app.apiRoutes) {
      if (route.access === 'public') continue;
      const path = concretePath(route.url);
      const anonymous = await t.client().request(route.method, path, route.method === 'GET' ? undefined : {});
      expect(anonymous.status, `${route.method} ${route.url} anonymous`).toBe(401);
      if (route.access === 'session') continue;
      const { area, access } = route.access;
      const lacking: Role[][] = [
        [],
        ...ROLES.filter((role) => !can([role], area, access)).map((role) => [role]),
      ];
      for (const roles of lacking) {
        const client = await clientFor(roles);
        const response = await client.request(route.method, path, route.method === 'GET' ? undefined : {});
        expect(response.status, `${route.method} ${route.url} as [${roles}]`).toBe(403);
        expect(response.body.error.code).toBe('FORBIDDEN');
      }
    }
  });

  it('guards every declared entity by its area: a role without it gets 403 from the generic routes', async () => {
    expect(t.app.entities.size).toBeGreaterThan(2);
    // One signed-in user of each role for every entity: a sign-in costs a password hash.
    const clients = new Map<Role | undefined, Awaited<ReturnType<typeof signedInClient>>['client']>();
    for (const role of [undefined, ...ROLES])
      clients.set(role, (await signedInClient(t, { roles: role ? [role] : [] })).client);
    for (const entity of t.app.entities.values()) {
      const { alias, area } = entity.declaration;
      for (const role of [undefined, ...ROLES]) {
        const roles: Role[] = role ? [role] : [];
        const client = clients.get(role)!;
        const reads = [
          `/api/cms/datagrid/${alias}`,
          `/api/cms/datagrid/schema/${alias}`,
          `/api/cms/form/${alias}/schema`,
          `/api/cms/autocomplete/${alias}`,
          `/api/cms/datagrid/${alias}/export`,
          `/api/cms/datagrid/${alias}/export?format=csv`,
          `/api/cms/datagrid/${alias}/export?format=xlsx`,
          ...entity.relationFields.map((field) => `/api/cms/datagrid/autocomplete/${alias}/${field.name}`),
        ];
        for (const path of reads) {
          const status = (await client.get(path)).status;
          expect(status, `${path} as [${roles}]`).toBe(can(roles, area, 'read') ? 200 : 403);
        }
        const anonymous = await t.client().get(`/api/cms/datagrid/${alias}/export?format=xlsx`);
        expect(anonymous.status, `xlsx export of ${alias} anonymous`).toBe(401);
        const badFormat = await client.get(`/api/cms/datagrid/${alias}/export?format=pdf`);
        expect(badFormat.status, `pdf export of ${alias} as [${roles}]`).toBe(
          can(roles, area, 'read') ? 400 : 403,
        );
        const writes = can(roles, area, 'write') && entity.declaration.readOnly !== true;
        const write = await client.post(`/api/cms/form/${alias}`, {});
        // Past the area, a row rule may still refuse the person any new record.
        // (as the list's schema tells the screens).
        const schema = await client.get(`/api/cms/datagrid/schema/${alias}`);
        const creates = writes && schema.body.data.canCreate === true;
        expect(write.status, `POST form ${alias} as [${roles}]`).toBe(creates ? 400 : 403);
        const remove = await client.post(`/api/cms/datagrid/${alias}/delete`, { ids: [1] });
        expect(remove.status, `bulk delete ${alias} as [${roles}]`).toBe(
          writes ? (entity.declaration.deletable === false ? 400 : 404) : 403,
        );
      }
    }
  });

  it('answers 401 before revealing whether a protected path exists, in any letter case', async () => {
    for (const path of ['/api/cms/neexistuje', '/api/admin/nic/dalsiho', '/API/CMS/User', '/api/cms/']) {
      const response = await t.client().get(path);
      expect(response.status, path).toBe(401);
      expect(response.body.error.message).toBe('Nejste přihlášeni.');
    }
    const signedIn = await t.signedInAsRoot();
    expect((await signedIn.get('/api/cms/neexistuje')).status).toBe(404);
  });

  it('sends strict security headers on success, error and not-found answers', async () => {
    for (const path of ['/api/health', '/api/cms/user', '/api/neni', '/admin/login']) {
      const response = await t.client().get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('refuses unsafe requests riding on the session cookie from a foreign origin or with a form body', async () => {
    const client = await t.signedInAsRoot();
    const body = { firstName: 'A', lastName: 'B', email: TEST_ADMIN.email };
    const foreign = await client.put('/api/cms/me', body, { headers: { origin: 'https://zlo.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('CSRF_REJECTED');
    const form = await client.post('/api/logout', undefined, {
      rawBody: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(403);
    const text = await client.post('/api/cms/me/password', undefined, {
      rawBody: '{"currentPassword":"x","newPassword":"yyyyyyyyy"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(403);
    const own = await client.put('/api/cms/me', body, { headers: { origin: t.url } });
    expect(own.status).toBe(200);
    expect((await client.get('/api/cms/user')).status).toBe(200);
  });

  it('limits login failures per account: the 11th attempt in 15 minutes gets 429', async () => {
    const user = await createUser(t);
    const variants = ['/api/login', '/api/login/', '/api/login?x=1'];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const path = variants[attempt % variants.length]!;
      const response = await t.client().post(path, { email: user.email, password: 'spatne', junk: attempt });
      expect(response.status, `attempt ${attempt} via ${path}`).toBe(401);
    }
    for (const path of ['/api/login', '/api/login/', '/API/LOGIN']) {
      const response = await t
        .client()
        .post(path, { email: ` ${user.email.toUpperCase()} `, password: user.password, extra: 1 });
      expect(response.status, path).not.toBe(200);
    }
    const limited = await t.client().post('/api/login', { email: user.email, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Příliš mnoho pokusů. Zkuste to prosím za chvíli.');
  });

  it('limits forgotten-password requests per account', async () => {
    const email = 'omezeny@klub.test';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await t.client().post('/api/forgotten-password', { email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
