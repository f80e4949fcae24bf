import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresSchema, testEngines } from '../test/test-app.ts';
import { openDatabase, searchPathOf, timestampToIso } from './database.ts';

describe('database helpers', () => {
  it('turns PostgreSQL UTC timestamps into the ISO strings toISOString() gives', () => {
    for (const value of [
      '2026-11-22 23:49:33.453782+00',
      '2026-11-22 23:49:33.9999+00',
      '2026-11-22 23:49:33.1+00',
      '2026-11-22 23:49:33+00',
      '2026-11-22 23:49:33.453+01',
    ]) {
      expect(timestampToIso(value), value).toBe(new Date(value).toISOString());
    }
    expect(timestampToIso('2026-11-22 00:00:00+00')).toBe('2026-11-22T00:00:00.000Z');
  });

  it('reads the schema a connection string selects', () => {
    expect(searchPathOf('postgres://u@h/db?options=-c%20search_path%3Dbench_1')).toBe('bench_1');
    expect(searchPathOf('postgres://u@h/db')).toBeUndefined();
  });
});

describe.runIf(testEngines().includes('postgres'))('prepared statements on PostgreSQL', () => {
  it('prepares reads of named columns once per connection, and keeps reads of * working when another instance adds a column', async () => {
    const schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    const first = openDatabase({ databaseUrl: schema.databaseUrl, dataDir: '', poolSize: 1 });
    try {
      await schema.query('create table things (id integer primary key, name text)');
      await schema.query("insert into things values (1, 'míč')");
      // biome-ignore lint/suspicious/noExplicitAny: a table outside the app's schema types
      const db = first.db as unknown as Kysely<any>;
      const named = () => db.selectFrom('things').select(['id', 'name']).where('id', '=', 1).execute();
      const all = () => db.selectFrom('things').selectAll().where('id', '=', 1).execute();
      expect(await named()).toEqual([{ id: 1, name: 'míč' }]);
      await all();
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        db,
      );
      expect(rows.map((row) => row.statement)).toContain('select "id", "name" from "things" where "id" = $1');
      expect(rows.some((row) => row.statement.includes('select *'))).toBe(false);
      // What another instance's migration does while this one serves.
      await schema.query('alter table things add column note text');
      expect(await named()).toEqual([{ id: 1, name: 'míč' }]);
      expect(await all()).toEqual([{ id: 1, name: 'míč', note: null }]);
    } finally {
      await first.close();
      await schema.drop();
    }
  });
});
