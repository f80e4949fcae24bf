import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import { ANCHOR_EVERY } from '../engine/list/anchors.ts';
import { EXACT_TOTAL_UP_TO } from '../engine/list/totals.ts';
import type { HttpClient } from './http-client.ts';
import { type TestApp, testEngines } from './test-app.ts';

/**
 * Suites of the datagrid's reading of a whole list, run by the engine on its fixture member
 * (test-entities.ts) and by the members module on its own list, which on both engines is read through
 * its ranked search index and kept row count (db/ranked-search.ts).
 */
export interface ListUnderTest {
  /** The entity's alias; it has the fixture member's fields and columns (names, memberType, note…). */
  alias: string;
  table: string;
  start: (engine: Engine) => Promise<TestApp>;
  /** Inserts that many rows straight into the table, a few of them with memberType TRAINER. */
  seed: (db: Db, count: number) => Promise<void>;
  /**
   * The table keeps its row count (db/ranked-search.ts), so a whole list's total is exact on both
   * engines; otherwise PostgreSQL counts a list only up to EXACT_TOTAL_UP_TO.
   */
  keepsCount: boolean;
}

/** Totals and searched pages are cached; whatever this process writes must show in the next answer. */
export function describeListCache(list: ListUnderTest): void {
  describe.each(testEngines())(`datagrid result cache of ${list.alias} on %s`, (engine) => {
    let t: TestApp;
    let root: HttpClient;

    beforeAll(async () => {
      t = await list.start(engine);
      await list.seed(t.db, 60);
      root = await t.signedInAsRoot();
    });
    afterAll(() => t.close());

    const grid = async (query: string) =>
      (await root.get(`/api/cms/datagrid/${list.alias}?${query}`)).body.data;

    it('counts a created and a deleted record at once, plain and searched', async () => {
      const before = await grid('limit=10');
      const searched = await grid('s=zzmezera&limit=10');
      expect(searched.total).toBe(0);
      const created = await root.post(`/api/cms/form/${list.alias}`, {
        firstName: 'Ota',
        lastName: 'Zzmezera',
      });
      expect(created.status).toBe(201);
      expect((await grid('limit=10')).total).toBe(before.total + 1);
      const found = await grid('s=zzmezera&limit=10');
      expect(found.items.map((item: { id: number }) => item.id)).toEqual([created.body.data.id]);
      expect(found.total).toBe(1);
      await root.delete(`/api/cms/form/${list.alias}/${created.body.data.id}`);
      expect((await grid('limit=10')).total).toBe(before.total);
      expect(await grid('s=zzmezera&limit=10')).toMatchObject({ total: 0, items: [] });
    });

    it('finds a renamed record by its new name only, and an edit of other fields keeps it findable', async () => {
      const created = (
        await root.post(`/api/cms/form/${list.alias}`, { firstName: 'Iva', lastName: 'Qqstará' })
      ).body.data;
      expect((await grid('s=qqstara')).total).toBe(1);
      const renamed = await root.put(`/api/cms/form/${list.alias}/${created.id}`, {
        version: created.version,
        lastName: 'Qqnová',
      });
      expect(renamed.status).toBe(200);
      expect((await grid('s=qqstara')).total).toBe(0);
      expect((await grid('s=qqnova')).items.map((item: { id: number }) => item.id)).toEqual([created.id]);
      await root.put(`/api/cms/form/${list.alias}/${created.id}`, {
        version: renamed.body.data.version,
        note: 'x',
      });
      expect((await grid('s=qqnova')).total).toBe(1);
    });

    it('moves records between pages of a filtered list as soon as they change', async () => {
      const trainers = await grid('filter[memberType]=TRAINER&limit=100');
      const athlete = (await grid('filter[memberType]=ATHLETE&limit=1')).items[0];
      await root.put(`/api/cms/form/${list.alias}/${athlete.id}`, {
        version: athlete.version,
        memberType: 'TRAINER',
      });
      const after = await grid('filter[memberType]=TRAINER&limit=100');
      expect(after.total).toBe(trainers.total + 1);
      expect(after.items.map((item: { id: number }) => item.id)).toContain(athlete.id);
    });

    it('sees rows written straight into the database, outside the engine', async () => {
      const before = await grid('limit=10');
      const now = new Date().toISOString();
      await (t.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto(list.table)
        .values({
          first_name: 'Přímý',
          first_name_sort: 'a',
          last_name: 'Zápis',
          last_name_sort: 'a',
          active: 1,
          search_text: 'zapis primy',
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect((await grid('limit=10')).total).toBe(before.total + 1);
      expect((await grid('limit=10')).items[0].lastName).toBe('Zápis');
    });

    it('reads the page rows afresh: an edit shows in a cached page', async () => {
      const first = (await grid('s=example&limit=5')).items[0];
      await root.put(`/api/cms/form/${list.alias}/${first.id}`, { version: first.version, note: 'čerstvé' });
      expect((await grid('s=example&limit=5')).items[0]).toMatchObject({ id: first.id, note: 'čerstvé' });
    });

    it('answers a page past the end with no items and the right total', async () => {
      const total = (await grid('limit=10')).total;
      expect(await grid(`limit=10&page=${Math.ceil(total / 10) + 1}`)).toMatchObject({ total, items: [] });
    });
  });
}

/** Enough rows for three anchors and a stretch past the last. */
const MEMBERS = 3 * ANCHOR_EVERY + 137;

/** Pages far from both ends (walked from an anchor), near one (walked from it) and at the edges. */
const PAGES: Array<[sort: 'lastName' | 'firstName', direction: 'asc' | 'desc', limit: number, page: number]> =
  [
    ['lastName', 'asc', 25, 25],
    ['lastName', 'desc', 25, 25],
    ['lastName', 'asc', 50, 17],
    ['lastName', 'desc', 10, 90],
    ['lastName', 'asc', 100, 11],
    ['firstName', 'asc', 25, 40],
    ['firstName', 'desc', 50, 13],
    ['lastName', 'asc', 10, 1],
    ['lastName', 'desc', 25, Math.ceil(MEMBERS / 25)],
  ];

const SORT_COLUMNS = { lastName: 'last_name_sort', firstName: 'first_name_sort' } as const;

/** Far pages of a whole list are the rows an offset walk finds, and follow every write. */
export function describeFarPages(list: ListUnderTest): void {
  describe.each(testEngines())(`far pages of a whole list of ${list.alias} on %s`, (engine) => {
    let t: TestApp;
    let root: HttpClient;

    beforeAll(async () => {
      t = await list.start(engine);
      await list.seed(t.db, MEMBERS);
      root = await t.signedInAsRoot();
    });
    afterAll(() => t.close());

    /** The total a whole list of `rows` answers with. */
    const wholeTotal = (rows: number) =>
      list.keepsCount || engine === 'sqlite' ? rows : Math.min(rows, EXACT_TOTAL_UP_TO);

    /** Every member's id in the order of `sort`, as the database sorts them. */
    async function ordered(sort: keyof typeof SORT_COLUMNS): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`select id from ${sql.table(list.table)}
        order by ${sql.ref(SORT_COLUMNS[sort])}, id`.execute(t.db);
      return rows.map((row) => Number(row.id));
    }

    /** Reads every page of PAGES twice (the second from the anchors the first read) against the table. */
    async function expectPagesAsTheTableHasThem() {
      for (let round = 0; round < 2; round += 1)
        for (const [sort, direction, limit, page] of PAGES) {
          const all = await ordered(sort);
          const inOrder = direction === 'asc' ? all : [...all].reverse();
          const grid = await root.get(
            `/api/cms/datagrid/${list.alias}?sort=${sort}&direction=${direction}&limit=${limit}&page=${page}`,
          );
          expect(grid.status).toBe(200);
          const ids = grid.body.data.items.map((item: { id: number }) => item.id);
          expect(ids, `${sort} ${direction} limit ${limit} page ${page}`).toEqual(
            inOrder.slice((page - 1) * limit, page * limit),
          );
          expect(grid.body.data.total).toBe(wholeTotal(all.length));
        }
    }

    it('are the rows an offset walk finds, both ways and at any page size', async () => {
      await expectPagesAsTheTableHasThem();
    });

    it('follow every write: a sort key moved to the other end, a deleted row, an added one', async () => {
      const [, , early] = await ordered('lastName');
      const current = (await root.get(`/api/cms/form/${list.alias}/${early}`)).body.data;
      const moved = await root.put(`/api/cms/form/${list.alias}/${early}`, {
        ...current,
        lastName: 'Žůžalová',
      });
      expect(moved.status).toBe(200);
      await expectPagesAsTheTableHasThem();

      const middle = (await ordered('lastName'))[Math.floor(MEMBERS / 2)]!;
      expect((await root.delete(`/api/cms/form/${list.alias}/${middle}`)).status).toBe(200);
      await expectPagesAsTheTableHasThem();

      const added = await root.post(`/api/cms/form/${list.alias}`, { firstName: 'Ada', lastName: 'Aabová' });
      expect(added.status).toBe(201);
      await expectPagesAsTheTableHasThem();
    });
  });
}
