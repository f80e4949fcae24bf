import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { seedMembers } from './seed-members.ts';

// A page of the whole members list on PostgreSQL is one named statement, a slice of the walked ids
// (engine/list/postgres/postgres-pages.ts, walkedRows): its pages must meet without gaps or doubles in
// both directions, and PostgreSQL must plan it once per connection. At 1,200 members the earlier shape
// was planned once too; at 100,000 it was planned at every request, which only the bench shows
// (docs/performance.md, PostgreSQL's pages and forms).
describe.each(testEngines())('pages of the whole members list on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedMembers(t.db, 1200);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('reads each page in list order, near the ends and from anchors', async () => {
    const all = (await root.get('/api/cms/datagrid/member?limit=50&page=1&sort=lastName')).body.data;
    expect(all.total).toBe(1200);
    const ids: number[] = [];
    for (let page = 1; page <= 24; page += 1) {
      const answer = await root.get(`/api/cms/datagrid/member?limit=50&page=${page}&sort=lastName`);
      ids.push(...answer.body.data.items.map((item: { id: number }) => item.id));
    }
    expect(new Set(ids).size).toBe(1200);
    for (const page of [3, 12, 13, 22]) {
      const descending = await root.get(
        `/api/cms/datagrid/member?limit=50&page=${25 - page}&sort=lastName&direction=desc`,
      );
      const items = descending.body.data.items.map((item: { id: number }) => item.id);
      expect(items).toEqual(ids.slice((page - 1) * 50, page * 50).reverse());
    }
  });

  if (engine === 'postgres')
    it('runs a page as a named statement planned once on a connection', async () => {
      // Requests one after another take the pool's same idle connection, which then answers below.
      // Pages 2-9 of 10 rows: walks of one shape (up to 100 rows of the sort index), twice each.
      for (let round = 0; round < 16; round += 1) {
        const page = 2 + (round % 8);
        const answer = await root.get(`/api/cms/datagrid/member?limit=10&page=${page}&sort=lastName`);
        expect(answer.status).toBe(200);
      }
      const { rows } = await sql<{ statement: string; generic_plans: number }>`
        select statement, generic_plans from pg_prepared_statements where statement like '%as "__total"%'
      `.execute(t.db);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => Number(row.generic_plans) > 0)).toBe(true);
    });
});
