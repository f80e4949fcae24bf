import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database.ts';
import { rowCount } from '../../db/ranked-search-postgres.ts';
import { czechSortKey, searchNormalize } from '../../engine/schema/czech-text.ts';
import { type DatabaseBefore, databaseBefore } from '../../test/database-before.ts';
import { testEngines } from '../../test/test-app.ts';
import { expectedTrigramEntries, trigramEntries } from '../../test/trigram-entries.ts';
import { seedMembers } from './seed-members.ts';

// PostgreSQL's members' trigram entries held every trigram of the whole text, across its spaces too,
// until 2026-11-27-029-members-trigram-words-postgres, which builds them again from the words (kit v2,
// db/ranked-search-postgres.ts).

const MIGRATION = '2026-11-27-029-members-trigram-words-postgres';

let database: DatabaseBefore | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe.each(testEngines())('members after migration 029 on %s', (engine) => {
  it('keeps the members as they were', async () => {
    database = await databaseBefore(engine, MIGRATION);
    await seedMembers(database.handle.db, 40);
    const members = () =>
      database!.db.selectFrom('members').select(['id', 'last_name', 'search_text']).orderBy('id').execute();
    const before = await members();
    await migrateToLatest(database.handle);
    expect(await members()).toEqual(before);
  });

  if (engine === 'postgres')
    it('builds the entries of the members already there anew, and its triggers keep them', async () => {
      database = await databaseBefore(engine, MIGRATION);
      const { db, handle } = database;
      await seedMembers(handle.db, 120);
      const gram = (entry: string) => entry.split('|')[0]!;
      // v1's entries: trigrams across the spaces too.
      const old = await trigramEntries(db);
      expect(old.some((entry) => gram(entry).includes(' '))).toBe(true);

      await migrateToLatest(handle);
      const rebuilt = await trigramEntries(db);
      expect(rebuilt.length).toBeLessThan(old.length);
      expect(rebuilt.some((entry) => gram(entry).includes(' '))).toBe(false);
      expect(new Set(rebuilt)).toEqual(await expectedTrigramEntries(db));

      await sql`update members set search_text = 'zz nove jmeno' where id = (select min(id) from members)`.execute(
        db,
      );
      await sql`delete from members where id = (select max(id) from members)`.execute(db);
      await sql`insert into members (last_name, last_name_sort, first_name, first_name_sort, active, search_text,
          created_at, updated_at) values ('Šťastná', ${czechSortKey('Šťastná')}, 'Eva', ${czechSortKey('Eva')}, true,
          ${searchNormalize('Šťastná Eva a')}, now(), now())`.execute(db);
      const entries = await trigramEntries(db);
      expect(entries.length).toBe((await expectedTrigramEntries(db)).size);
      expect(new Set(entries)).toEqual(await expectedTrigramEntries(db));
      expect(await rowCount(db, 'members')).toBe(120 - 1 + 1);
    });
});
