import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMembers } from '../modules/members/seed-members.ts';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

describe.each(testEngines())('search that matches most rows on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedMembers(t.db, 1500);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('returns the same pages in the same order as without the search', async () => {
    for (const [sort, direction, page] of [
      ['lastName', 'asc', 1],
      ['firstName', 'desc', 7],
      ['registrationNumber', 'asc', 60],
    ] as const) {
      const query = `sort=${sort}&direction=${direction}&page=${page}&limit=25`;
      const plain = (await root.get(`/api/cms/datagrid/member?${query}`)).body.data;
      const searched = (await root.get(`/api/cms/datagrid/member?${query}&s=EXAMPLE`)).body.data;
      expect(searched.total).toBe(1500);
      expect(searched.items.map((item: { id: number }) => item.id)).toEqual(
        plain.items.map((item: { id: number }) => item.id),
      );
    }
  });
});
