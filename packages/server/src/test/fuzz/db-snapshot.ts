import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { RANKED_SEARCH } from '../../db/ranked-search.ts';
import type { TestApp } from '../test-app.ts';

/**
 * Writes a refused request may make by design: failed sign-ins are counted (rate limits), a
 * session's last activity is refreshed once a minute by any request, and the first search after
 * writes takes the queued entries into the ranked search index (an index brought up to date, not data),
 * and a count on PostgreSQL may fold the row count's deltas into one (the same sum).
 */
const IGNORED_TABLES = new Set([
  'auth_attempts',
  ...Object.keys(RANKED_SEARCH).flatMap((table) => [
    `${table}_ranked`,
    `${table}_rank_pending`,
    `${table}_row_counts`,
  ]),
]);
const IGNORED_COLUMNS: Record<string, readonly string[]> = { sessions: ['last_seen_at'] };

/** A fingerprint per table of everything stored: equal fingerprints, equal data. */
export type Snapshot = Map<string, string>;

async function sqliteSnapshot(t: TestApp): Promise<Snapshot> {
  // Shadow tables of the search index hold what its virtual table shows, in a form costly to read.
  const { rows: tables } = await sql<{ name: string }>`
    select name from pragma_table_list
    where schema = 'main' and type in ('table', 'virtual') and name not like 'sqlite_%'`.execute(t.db);
  const snapshot: Snapshot = new Map();
  for (const { name } of tables) {
    if (IGNORED_TABLES.has(name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.id(name)}`.execute(t.db);
    const ignored = IGNORED_COLUMNS[name] ?? [];
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row).filter(([column]) => !ignored.includes(column)),
          (_key, value) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value),
        ),
      )
      .sort();
    snapshot.set(name, createHash('sha256').update(lines.join('\n')).digest('hex'));
  }
  return snapshot;
}

/** The columns of every table in the schema (read once: the catalogue is slow in a busy database). */
const columnsOf = new WeakMap<TestApp, Map<string, string[]>>();

async function postgresColumns(t: TestApp): Promise<Map<string, string[]>> {
  const known = columnsOf.get(t);
  if (known) return known;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() order by table_name, ordinal_position`.execute(t.db);
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) {
    if (IGNORED_TABLES.has(table) || IGNORED_COLUMNS[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  columnsOf.set(t, byTable);
  return byTable;
}

/** One round trip: every table of the schema hashed by PostgreSQL itself. */
async function postgresSnapshot(t: TestApp): Promise<Snapshot> {
  const parts = [...(await postgresColumns(t))].map(([table, names]) => {
    const row = sql`row(${sql.join(names.map((name) => sql.ref(name)))})::text`;
    return sql`select ${table}::text as name, coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as hash from ${sql.id(table)}`;
  });
  const { rows } = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(
    t.db,
  );
  return new Map(rows.map((row) => [row.name, row.hash]));
}

export const takeSnapshot = (t: TestApp): Promise<Snapshot> =>
  t.engine === 'postgres' ? postgresSnapshot(t) : sqliteSnapshot(t);

/**
 * A mark that moves whenever stored data may have changed, read in one cheap statement: equal marks,
 * nothing written in between, so the full snapshot need not be taken again. On SQLite the app's one
 * connection counts every row it inserted, updated or deleted (`total_changes()`, triggers included,
 * a rolled-back write too), the schema's version moves with any table made or altered, and
 * `data_version` with a commit by any other connection. On PostgreSQL every change to a logged table
 * writes to the write-ahead log (the app has no unlogged tables), so its insert position moves; other
 * work on the server (vacuum, other schemas) moves it too, which only costs a snapshot.
 */
export async function writeMark(t: TestApp): Promise<string> {
  const query =
    t.engine === 'postgres'
      ? sql<{ mark: string }>`select pg_current_wal_insert_lsn()::text as mark`
      : sql<{ mark: string }>`
          select total_changes() || ' ' || (select schema_version from pragma_schema_version)
            || ' ' || (select data_version from pragma_data_version) as mark`;
  const { rows } = await query.execute(t.db);
  return rows[0]!.mark;
}

/** What was stored (see takeSnapshot), with the write mark read just before it. */
export interface MarkedSnapshot {
  mark: string;
  tables: Snapshot;
}

/** `before` again when nothing was written since (its mark has not moved); a new snapshot otherwise. */
export async function snapshotSince(t: TestApp, before?: MarkedSnapshot): Promise<MarkedSnapshot> {
  // The mark first: a write between it and the tables' reading moves the next mark.
  const mark = await writeMark(t);
  if (before && before.mark === mark) return before;
  return { mark, tables: await takeSnapshot(t) };
}

/** Tables whose content differs between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
