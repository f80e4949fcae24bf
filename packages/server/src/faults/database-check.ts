import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { PostgresSchema } from '../test/test-app.ts';

// Reading a database a killed server left behind, and asking its engine whether it is intact.

export interface StoredMember {
  id: number;
  last_name: string;
  note: string | null;
  version: number;
}

export interface DatabaseCheck {
  /** Problems the engine's own checker reports; empty when the database is intact. */
  problems: string[];
  members: Map<number, StoredMember>;
}

const byId = (rows: StoredMember[]) => new Map(rows.map((row) => [Number(row.id), row]));

/**
 * SQLite's integrity and foreign key checks, and the trigram indexes' own checks (the plain one against
 * its table), on the file as the killed process left it (its write-ahead log included).
 */
export function checkSqlite(dataDir: string): DatabaseCheck {
  const file = new SqliteDatabase(path.join(dataDir, 'klubovna.sqlite'));
  try {
    const problems = (file.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .filter((result) => result !== 'ok');
    for (const row of file.pragma('foreign_key_check') as unknown[]) problems.push(JSON.stringify(row));
    for (const index of ['members_search', 'members_ranked']) {
      try {
        file.exec(`insert into ${index}(${index}) values ('integrity-check')`);
      } catch (error) {
        problems.push(`search index ${index}: ${String(error)}`);
      }
    }
    const members = file.prepare('select id, last_name, note, version from members').all() as StoredMember[];
    return { problems, members: byId(members) };
  } finally {
    file.close();
  }
}

/** amcheck's verification of every B-tree index and every table (heap) of the schema. */
export async function checkPostgres(database: PostgresSchema): Promise<DatabaseCheck> {
  // Installed once per database, in public, like pg_trgm; parallel runs queue for the lock.
  await database.query('begin');
  await database.query(`select pg_advisory_xact_lock(hashtext('klubovna:amcheck'))`);
  await database.query('create extension if not exists amcheck schema public');
  await database.query('commit');
  const indexes = await database.query(`
    select c.relname, public.bt_index_check(c.oid, true)::text as result
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    where am.amname = 'btree' and c.relnamespace = '${database.schema}'::regnamespace`);
  const heaps = await database.query(`
    select c.relname, h.blkno, h.msg
    from pg_class c cross join lateral public.verify_heapam(c.oid) h
    where c.relkind = 'r' and c.relnamespace = '${database.schema}'::regnamespace`);
  if (indexes.rowCount === 0) throw new Error('no index was checked');
  const problems = heaps.rows.map((row) => `${row.relname} block ${row.blkno}: ${row.msg}`);
  const members = await database.query('select id, last_name, note, version from members');
  return { problems, members: byId(members.rows as StoredMember[]) };
}
