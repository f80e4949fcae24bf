import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('user settings on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('upserts settings by name and shows each user only theirs', async () => {
    const { client: alice } = await signedInClient(t);
    const { client: bob } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect(
      (await alice.post('/api/cms/user-config', { name: 'datagrid:member', data: { limit: 50 } })).status,
    ).toBe(200);
    await alice.post('/api/cms/user-config', {
      name: 'datagrid:member',
      data: { limit: 100, columns: ['lastName'] },
    });
    await bob.post('/api/cms/user-config', { name: 'datagrid:member', data: { limit: 10 } });
    expect((await alice.get('/api/cms/user-config')).body.data).toEqual({
      'datagrid:member': { data: { limit: 100, columns: ['lastName'] } },
    });
    expect((await bob.get('/api/cms/user-config')).body.data).toEqual({
      'datagrid:member': { data: { limit: 10 } },
    });
  });

  it('keeps __proto__ harmless', async () => {
    const { client } = await signedInClient(t);
    const named = await client.post('/api/cms/user-config', { name: '__proto__', data: { polluted: true } });
    expect(named.status).toBe(200);
    const inside = await client.request('POST', '/api/cms/user-config', undefined, {
      rawBody: '{"name":"x","data":{"__proto__":{"polluted":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(inside.status).toBeLessThan(500);
    const read = await client.get('/api/cms/user-config');
    expect(Object.getOwnPropertyDescriptor(read.body.data, '__proto__')?.value).toEqual({
      data: { polluted: true },
    });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('refuses settings over 64 KB and bad names with a Czech message', async () => {
    const { client } = await signedInClient(t);
    const big = await client.post('/api/cms/user-config', { name: 'big', data: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/příliš velké/);
    const badName = await client.post('/api/cms/user-config', { name: '../x y', data: 1 });
    expect(badName.status).toBe(400);
    expect(badName.body.validationErrors[0].path).toBe('name');
  });
});
