import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gramsOf, leadGram, rowCount } from '../../db/ranked-search-postgres.ts';
import { czechSortKey, searchNormalize } from '../../engine/schema/czech-text.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { expectedTrigramEntries, trigramEntries } from '../../test/trigram-entries.ts';
import { seedMembers } from './seed-members.ts';

// PostgreSQL's members trigram entries in surname order and kept row count (db/ranked-search-postgres.ts).

describe.runIf(testEngines().includes('postgres'))('the trigram entries and row count on PostgreSQL', () => {
  let t: TestApp;
  const db = () => t.db;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    await seedMembers(t.db, 300);
  });
  afterAll(() => t.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    (await query.execute(db())).rows as Array<Record<string, unknown>>;

  /** The entries are those of every row's text (expectedTrigramEntries), the count the table's. */
  async function expectInStep() {
    const expected = await expectedTrigramEntries(db());
    const entries = await trigramEntries(db());
    expect(entries.length).toBe(expected.size);
    expect(new Set(entries)).toEqual(expected);
    const [counted] = await rows(sql`select count(*)::integer as n from members`);
    expect(await rowCount(db(), 'members')).toBe(counted!.n);
  }

  const insertMembers = (people: Array<[string, string]>) =>
    sql`insert into members (last_name, last_name_sort, first_name, first_name_sort, active, search_text, created_at, updated_at)
      values ${sql.join(
        people.map(
          ([lastName, firstName]) =>
            sql`(${lastName}, ${czechSortKey(lastName)}, ${firstName}, ${czechSortKey(firstName)}, true,
              ${searchNormalize(`${lastName} ${firstName}`)}, now(), now())`,
        ),
      )}`.execute(db());

  it('holds every row after seeding', async () => {
    await expectInStep();
  });

  it('follows inserts of one and of many rows in one statement', async () => {
    await insertMembers([['Nováková', 'Tereza']]);
    await insertMembers(
      Array.from({ length: 50 }, (_, index) => ['Černý', `Jan${index}`] as [string, string]),
    );
    await expectInStep();
  });

  it('follows a changed text, a changed sort key, other changes and deletes', async () => {
    const [first] = await rows(sql`select id from members order by last_name_sort, id limit 1`);
    await sql`update members set search_text = 'zzz renamed' where id = ${first!.id}`.execute(db());
    await sql`update members set last_name = 'Žák', last_name_sort = ${czechSortKey('Žák')}
      where id = ${first!.id}`.execute(db());
    await sql`update members set note = 'jen poznámka' where id in (select id from members limit 20)`.execute(
      db(),
    );
    await sql`delete from members where id in (select id from members order by last_name_sort desc limit 5)`.execute(
      db(),
    );
    await expectInStep();
  });

  it('keeps the count when readers fold its deltas while others write', async () => {
    for (let index = 0; index < 70; index += 1) await insertMembers([['Dvořák', `Petr${index}`]]);
    await Promise.all([
      rowCount(db(), 'members'),
      rowCount(db(), 'members'),
      insertMembers([['Svoboda', 'Karel']]),
    ]);
    expect((await rows(sql`select count(*)::integer as n from members_row_counts`))[0]!.n).toBeLessThan(5);
    await expectInStep();
  });

  it('walks the rarest piece of the words, by the planner statistics', async () => {
    await insertMembers(
      Array.from({ length: 400 }, (_, index) => ['Nováková', `Eva${index}`] as [string, string]),
    );
    await sql`analyze members_trigrams`.execute(db());
    // "ova" ends every female surname; "nov" is rarer, "xyz" rarer still (not among the common ones).
    expect(await leadGram(db(), 'members', ['novak'])).toEqual({ trigram: 'nov', next: 'a' });
    expect(await leadGram(db(), 'members', ['novak', 'xyz'])).toEqual({ trigram: 'xyz' });
    expect(gramsOf('a😀bc')).toEqual([{ trigram: 'a😀b', next: 'c' }]);
    expect(gramsOf('jan')).toEqual([{ trigram: 'jan' }]);
  });
});
