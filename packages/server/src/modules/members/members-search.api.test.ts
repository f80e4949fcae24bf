import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOTAL_UP_TO } from '../../engine/list/totals.ts';
import { searchNormalize } from '../../engine/schema/czech-text.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { seedMembers } from './seed-members.ts';

interface Member {
  id: number;
  lastName: string;
  firstName: string;
  email: string | null;
  registrationNumber: string | null;
}

/** More members than totals are counted exactly for. */
const MEMBERS = EXACT_TOTAL_UP_TO + 500;

describe.each(testEngines())('search that matches many rows on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  /** Every member in the list's order by last name. */
  const all: Member[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedMembers(t.db, MEMBERS);
    root = await t.signedInAsRoot();
    for (let page = 1; page <= MEMBERS / 100; page += 1) {
      const data = (await root.get(`/api/cms/datagrid/member?sort=lastName&page=${page}&limit=100`)).body
        .data;
      all.push(...data.items);
    }
  });
  afterAll(() => t.close());

  const grid = async (query: string) => (await root.get(`/api/cms/datagrid/member?${query}`)).body.data;
  const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);
  const searched = (member: Member) =>
    [member.lastName, member.firstName, member.email, member.registrationNumber]
      .filter((value): value is string => value !== null)
      .map(searchNormalize);

  it('returns the same pages in the same order as without the search', async () => {
    for (const [sort, direction, page] of [
      ['lastName', 'asc', 1],
      ['firstName', 'desc', 7],
      ['registrationNumber', 'asc', MEMBERS / 25],
    ] as const) {
      const query = `sort=${sort}&direction=${direction}&page=${page}&limit=25`;
      const plain = await grid(query);
      const found = await grid(`${query}&s=EXAMPLE`);
      expect(ids(found.items)).toEqual(ids(plain.items));
    }
  });

  it('counts exactly up to the threshold and says "more" past it', async () => {
    expect(all).toHaveLength(MEMBERS);
    // Every member's e-mail is at example.cz: more matches than are counted exactly.
    expect(await grid('s=EXAMPLE&limit=10')).toMatchObject({
      total: EXACT_TOTAL_UP_TO,
      totalApproximate: true,
    });
    // A page past the counted rows still answers.
    const last = await grid(`s=example&page=${MEMBERS / 10}&limit=10`);
    expect(ids(last.items)).toEqual(ids(all.slice(MEMBERS - 10)));
    const plain = await grid('limit=10');
    // A whole table is counted exactly: SQLite counts its index, PostgreSQL sums its kept row count.
    expect(plain).toMatchObject({ total: MEMBERS, totalApproximate: false });
    const expected = all.filter((member) => searched(member).some((text) => text.includes('nov')));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(EXACT_TOTAL_UP_TO);
    const nov = await grid('s=Nov&limit=100&sort=lastName');
    expect(nov).toMatchObject({ total: expected.length, totalApproximate: false });
    expect(ids(nov.items)).toEqual(ids(expected.slice(0, 100)));
    // A page past the last still tells the total (PostgreSQL reads it with the page, and counts apart
    // only when the page is empty).
    expect(await grid(`limit=10&page=${MEMBERS / 10 + 1}`)).toMatchObject({
      items: [],
      total: MEMBERS,
      totalApproximate: false,
    });
    expect(
      await grid(`s=nov&sort=lastName&limit=100&page=${Math.ceil(expected.length / 100) + 1}`),
    ).toMatchObject({
      items: [],
      total: expected.length,
      totalApproximate: false,
    });
    expect(await grid('s=qqqxyz&sort=lastName')).toMatchObject({
      items: [],
      total: 0,
      totalApproximate: false,
    });
  });

  it('pages substrings of three letters and more in list order, both directions, few and many matches', async () => {
    // By surname, these pages are read in surname order from SQLite's ranked index
    // (db/ranked-search.ts) and PostgreSQL's trigram entries (db/ranked-search-postgres.ts).
    for (const search of ['nov', 'čern', 'OVÁ', 'example', 'tomáš nov', 'ová example', 'nová']) {
      const words = searchNormalize(search).split(' ');
      const expected = all.filter((member) =>
        words.every((word) => searched(member).some((text) => text.includes(word))),
      );
      expect(expected.length, search).toBeGreaterThan(0);
      for (const direction of ['asc', 'desc'] as const) {
        const ordered = direction === 'asc' ? expected : [...expected].reverse();
        for (const [page, limit] of [
          [1, 10],
          [3, 17],
          [Math.ceil(expected.length / 25), 25],
          // Past the last page: no rows, and still the total (no row carried it).
          [Math.ceil(expected.length / 25) + 2, 25],
        ] as const) {
          const data = await grid(
            `s=${encodeURIComponent(search)}&sort=lastName&direction=${direction}&page=${page}&limit=${limit}`,
          );
          expect(ids(data.items), `${search} ${direction} ${page}`).toEqual(
            ids(ordered.slice((page - 1) * limit, page * limit)),
          );
          expect(data.total, search).toBe(Math.min(expected.length, EXACT_TOTAL_UP_TO));
          expect(data.totalApproximate, search).toBe(expected.length > EXACT_TOTAL_UP_TO);
        }
      }
    }
  });

  it('finds one- and two-letter fragments at the start of a searched field, in both directions', async () => {
    for (const fragment of ['n', 'No', 'č', 'ch', 'j', 'Ša', 'cz', 'x', 'j n', 'ja No']) {
      const words = searchNormalize(fragment).split(' ');
      const expected = all.filter((member) =>
        words.every((word) => searched(member).some((text) => text.startsWith(word))),
      );
      for (const direction of ['asc', 'desc'] as const) {
        const ordered = direction === 'asc' ? expected : [...expected].reverse();
        for (const page of [1, 3]) {
          const data = await grid(
            `s=${encodeURIComponent(fragment)}&sort=lastName&direction=${direction}&page=${page}&limit=20`,
          );
          expect(ids(data.items), `${fragment} ${direction} ${page}`).toEqual(
            ids(ordered.slice((page - 1) * 20, page * 20)),
          );
          expect(data.total, fragment).toBe(Math.min(expected.length, EXACT_TOTAL_UP_TO));
          expect(data.totalApproximate, fragment).toBe(expected.length > EXACT_TOTAL_UP_TO);
        }
      }
    }
  });

  it('walks the second half of a whole list from its end, and again from the start once a write moved it', async () => {
    // Every seeded member's e-mail holds "example": that search walks its matches from the start.
    const fromStart = (page: number, direction: string) =>
      grid(`s=example&sort=lastName&direction=${direction}&page=${page}&limit=100`);
    const whole = (page: number, direction: string) =>
      grid(`sort=lastName&direction=${direction}&page=${page}&limit=100`);
    const pages = async () => {
      for (const direction of ['asc', 'desc'])
        for (const page of [15, 14, 9, 2]) {
          const [walked, searched] = await Promise.all([whole(page, direction), fromStart(page, direction)]);
          expect(ids(walked.items), `${direction} ${page}`).toEqual(ids(searched.items));
          expect(walked.items.length, `${direction} ${page}`).toBeGreaterThan(0);
        }
    };
    await pages();
    // The count PostgreSQL last read is now one short: its walk from the end must notice.
    const added = await root.post('/api/cms/form/member', {
      firstName: 'Adam',
      lastName: 'Mezi',
      email: 'adam.mezi@example.cz',
    });
    expect(added.status).toBe(201);
    await pages();
    expect(await whole(16, 'asc')).toMatchObject({ total: MEMBERS + 1 });
    expect((await whole(16, 'asc')).items).toHaveLength(1);
  });
});
