import { type Kysely, type RawBuilder, sql } from 'kysely';
import { engineOf } from './dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any table
type AnyKysely = Kysely<any>;

/** Czech sort keys compare bytewise on both engines (PostgreSQL's default collation would reorder them). */
export function sortKeyColumnType(db: AnyKysely): RawBuilder<unknown> {
  return engineOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;
}

/**
 * Fast substring search over a table's normalised `search_text`: an FTS5 trigram index kept in sync by
 * triggers on SQLite, a pg_trgm GIN index on PostgreSQL. The extension lives in `public` so that tests,
 * each in a schema of its own, can drop their schema without dropping it.
 */
export async function createSearchIndex(db: AnyKysely, table: string): Promise<void> {
  const index = `${table}_search`;
  if (engineOf(db) === 'postgres') {
    // Parallel migrations (test schemas, several instances) would race to create the extension.
    await sql`select pg_advisory_xact_lock(hashtext('klubovna:pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`create index ${sql.id(index)} on ${sql.id(table)} using gin (search_text public.gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  const fts = sql.id(index);
  await sql`create virtual table ${fts} using fts5(search_text, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await createSearchTriggers(db, table);
}

/** SQLite: the triggers keeping the trigram index in step with the table (a rebuilt table needs them anew). */
export async function createSearchTriggers(db: AnyKysely, table: string): Promise<void> {
  const index = `${table}_search`;
  await sql
    .raw(`create trigger ${table}_search_insert after insert on ${table} begin
      insert into ${index}(rowid, search_text) values (new.id, new.search_text); end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_search_delete after delete on ${table} begin
      insert into ${index}(${index}, rowid, search_text) values ('delete', old.id, old.search_text); end`)
    .execute(db);
  await createSearchUpdateTrigger(db, table);
}

/** Drops a table's search index (its triggers go with it on SQLite). */
export async function dropSearchIndex(db: AnyKysely, table: string): Promise<void> {
  const index = sql.id(`${table}_search`);
  if (engineOf(db) === 'postgres') await sql`drop index if exists ${index}`.execute(db);
  else {
    for (const trigger of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.id(`${table}_search_${trigger}`)}`.execute(db);
    await sql`drop table if exists ${index}`.execute(db);
  }
}

/**
 * Keeps the trigram index in step with updates; only when the text changed, since rewriting a row's
 * trigrams costs eight times the rest of an update and most saves change other fields.
 */
export async function createSearchUpdateTrigger(db: AnyKysely, table: string): Promise<void> {
  const index = `${table}_search`;
  await sql
    .raw(`create trigger ${table}_search_update after update of search_text on ${table}
      when old.search_text is not new.search_text begin
      insert into ${index}(${index}, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into ${index}(rowid, search_text) values (new.id, new.search_text); end`)
    .execute(db);
}
