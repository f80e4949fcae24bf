import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMembers } from '../../modules/members/seed-members.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { ANCHOR_EVERY, type Anchors, anchoredWalk } from './anchors.ts';
import type { ListQuery } from './list-query.ts';

/** Enough members for three anchors and a stretch past the last. */
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

describe.each(testEngines())('far pages of a whole list on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedMembers(t.db, MEMBERS);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  /** Every member's id in the order of `sort`, as the database sorts them. */
  async function ordered(sort: keyof typeof SORT_COLUMNS): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`select id from members
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
          `/api/cms/datagrid/member?sort=${sort}&direction=${direction}&limit=${limit}&page=${page}`,
        );
        expect(grid.status).toBe(200);
        const ids = grid.body.data.items.map((item: { id: number }) => item.id);
        expect(ids, `${sort} ${direction} limit ${limit} page ${page}`).toEqual(
          inOrder.slice((page - 1) * limit, page * limit),
        );
        expect(grid.body.data.total).toBe(all.length);
      }
  }

  it('are the rows an offset walk finds, both ways and at any page size', async () => {
    await expectPagesAsTheTableHasThem();
  });

  it('follow every write: a sort key moved to the other end, a deleted row, an added one', async () => {
    const [, , early] = await ordered('lastName');
    const current = (await root.get(`/api/cms/form/member/${early}`)).body.data;
    const moved = await root.put(`/api/cms/form/member/${early}`, { ...current, lastName: 'Žůžalová' });
    expect(moved.status).toBe(200);
    await expectPagesAsTheTableHasThem();

    const middle = (await ordered('lastName'))[Math.floor(MEMBERS / 2)]!;
    expect((await root.delete(`/api/cms/form/member/${middle}`)).status).toBe(200);
    await expectPagesAsTheTableHasThem();

    const added = await root.post('/api/cms/form/member', { firstName: 'Ada', lastName: 'Aabová' });
    expect(added.status).toBe(201);
    await expectPagesAsTheTableHasThem();
  });
});

describe('the walk from an anchor', () => {
  const anchors: Anchors = {
    total: 3 * ANCHOR_EVERY + 10,
    signature: '1',
    keys: [
      { key: 'a', id: 1 },
      { key: 'b', id: 2 },
    ],
  };
  const query = (direction: 'asc' | 'desc', limit: number) =>
    ({ direction, limit, page: 1, search: '', filters: [] }) as unknown as ListQuery;

  it('starts after the last anchor before the page, ascending whatever the list direction', () => {
    expect(anchoredWalk(query('asc', 25), ANCHOR_EVERY + 30, anchors)).toEqual({
      offset: 30,
      limit: 25,
      direction: 'asc',
      after: { key: 'a', id: 1 },
    });
    // Descending page at offset 30 holds ascending positions total − 55 … total − 31.
    expect(anchoredWalk(query('desc', 25), 30, anchors)).toEqual({
      offset: anchors.total - 55 - 2 * ANCHOR_EVERY,
      limit: 25,
      direction: 'asc',
      after: { key: 'b', id: 2 },
    });
    // Before the first anchor it walks from the start; a last page short of a full one is cut.
    expect(anchoredWalk(query('asc', 25), 10, anchors)).toEqual({ offset: 10, limit: 25, direction: 'asc' });
    expect(anchoredWalk(query('desc', 25), anchors.total - 5, anchors)).toEqual({
      offset: 0,
      limit: 5,
      direction: 'asc',
    });
  });
});
