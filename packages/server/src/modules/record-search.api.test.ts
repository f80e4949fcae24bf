import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../test/fixtures.ts';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

describe.each(testEngines())('searching records of every entity on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    for (const [firstName, lastName] of [
      ['Šimon', 'Žďárský'],
      ['Simona', 'Nováková'],
      ['Petr', 'Dvořák'],
    ]) {
      expect((await root.post('/api/cms/form/member', { firstName, lastName })).status).toBe(201);
    }
    expect((await root.post('/api/cms/form/category', { name: 'Šimonovi žáci' })).status).toBe(201);
  });
  afterAll(() => t.close());

  it('finds records of several entities by their names without diacritics, labelled by entity', async () => {
    const response = await root.get('/api/cms/search?s=simon');
    expect(response.status, response.text).toBe(200);
    const found = response.body.data.map(
      (hit: { entity: string; label: string }) => `${hit.entity}: ${hit.label}`,
    );
    expect(found).toEqual(
      expect.arrayContaining(['Člen: Žďárský Šimon', 'Člen: Nováková Simona', 'Kategorie: Šimonovi žáci']),
    );
    expect(found).not.toContain('Člen: Dvořák Petr');
    for (const hit of response.body.data)
      expect(hit).toMatchObject({ alias: expect.any(String), id: expect.any(Number) });
  });

  it('gives at most the asked number of records of each entity and nothing for an empty search', async () => {
    const limited = await root.get('/api/cms/search?s=simon&limit=1');
    const members = limited.body.data.filter((hit: { alias: string }) => hit.alias === 'member');
    expect(members).toHaveLength(1);
    expect((await root.get('/api/cms/search?s=')).body.data).toEqual([]);
    expect((await root.get('/api/cms/search?limit=500')).status).toBe(400);
  });

  it('shows only entities the role may read, rows their row rules allow, and nobody unsigned', async () => {
    expect((await t.client().get('/api/cms/search?s=simon')).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    const hits = (await salesman.get('/api/cms/search?s=simon')).body.data;
    expect(
      hits.filter((hit: { alias: string }) => hit.alias === 'member' || hit.alias === 'category'),
    ).toEqual([]);
    // A member's own account finds its own record, never another member's.
    const { client: own, user } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const simon = (await root.get('/api/cms/datagrid/member?s=zdarsky')).body.data.items[0];
    expect(
      (await root.post('/api/cms/form/profile-member', { profile: user.id, member: simon.id })).status,
    ).toBe(201);
    const ownHits = (await own.get('/api/cms/search?s=simon')).body.data;
    expect(
      ownHits.filter((hit: { alias: string }) => hit.alias === 'member').map((hit: { id: number }) => hit.id),
    ).toEqual([simon.id]);
  });
});
