import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/database-before.ts';
import { createPostgresSchema, testEngines } from '../test/test-app.ts';
import { migrateToLatest, openDatabase, searchPathOf, timestampToIso } from './database.ts';
import { migrationNames } from './migration-files.ts';

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

describe.runIf(testEngines().includes('postgres'))('introspection on PostgreSQL', () => {
  it('reads the tables of its own schema only, so another schema migrating beside it cannot fail it', async () => {
    const own = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    const other = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    const database = openDatabase({ databaseUrl: own.databaseUrl, dataDir: '', poolSize: 1 });
    try {
      await own.query("create table things (id serial primary key, name text not null default 'míč')");
      await own.query('create table kysely_migration (name text primary key)');
      await other.query('create table elsewhere (id integer generated always as identity, note text)');
      const tables = await database.db.introspection.getTables();
      expect(tables).toEqual([
        {
          name: 'things',
          schema: own.schema,
          isView: false,
          isForeign: false,
          columns: [
            expect.objectContaining({
              name: 'id',
              dataType: 'int4',
              isAutoIncrementing: true,
              isNullable: false,
            }),
            expect.objectContaining({
              name: 'name',
              dataType: 'text',
              hasDefaultValue: true,
              isAutoIncrementing: false,
            }),
          ],
        },
      ]);
      const withKysely = await database.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(withKysely.map((table) => table.name)).toEqual(['kysely_migration', 'things']);
    } finally {
      await database.close();
      await own.drop();
      await other.drop();
    }
  });
});

describe.each(testEngines())('the migrations at start on %s', (engine) => {
  it('runs what has not run; an up-to-date database is one query, no lock; a migration the folder lacks is refused', async () => {
    const names = migrationNames();
    const database = await databaseBefore(engine, names.at(-1)!);
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's own tables are outside the app's schema types
    const db = database.db as unknown as Kysely<any>;
    const ran = async () =>
      (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map(
        (row) => row.name,
      );
    try {
      expect(await ran()).toEqual(names.slice(0, -1));
      await migrateToLatest(database.handle);
      expect(await ran()).toEqual(names);

      // Up to date: the Migrator, which would make its lock table again, is not run.
      await db.schema.dropTable('kysely_migration_lock').execute();
      await migrateToLatest(database.handle);
      expect(await db.introspection.getTables()).not.toContainEqual(
        expect.objectContaining({ name: 'kysely_migration_lock' }),
      );

      // A database a newer version migrated is not taken for up to date.
      await db
        .insertInto('kysely_migration')
        .values({ name: '2999-01-01-999-newer', timestamp: 'x' })
        .execute();
      await expect(migrateToLatest(database.handle)).rejects.toThrow(/2999-01-01-999-newer/);
    } finally {
      await database.close();
    }
  });
});
