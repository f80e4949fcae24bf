import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type DatabaseBackup, type DatabaseFacts, RestoreRefused } from './database-backup.ts';

/** The database file the server keeps in DATA_DIR (see openDatabase). */
export const SQLITE_FILE = 'klubovna.sqlite';

/** The last migration run and the rows of every table, read from a copy (which nothing writes). */
export function sqliteFacts(file: string): DatabaseFacts {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const records: Record<string, number> = {};
    for (const table of tables)
      records[table] = db
        .prepare(`select count(*) from "${table.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    const migration = tables.includes('kysely_migration')
      ? ((db.prepare('select max(name) from kysely_migration').pluck().get() as string | null) ?? null)
      : null;
    return { migration, records };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the live database through SQLite's online backup API: the server keeps
 * writing meanwhile (WAL), the copy is the database as of one moment. The copy is turned into a
 * single file (no WAL beside it) and checked.
 */
async function backupSqlite(dataDir: string, target: string): Promise<void> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new Error(`V ${dataDir} není databáze ${SQLITE_FILE}.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const db = new SqliteDatabase(source, { fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`Kopie databáze neprošla kontrolou: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/**
 * Whether a server has the database open: every connection of a server in WAL mode holds a shared
 * lock, so an exclusive one is refused while it runs (and granted once it has stopped, even after a
 * kill -9, unlike a lock file left behind).
 */
function sqliteInUse(dataDir: string): boolean {
  const file = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(file)) return false;
  const db = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

/** Puts the SQLite copy in place, with no WAL of the replaced database left beside it. */
async function restoreSqlite(dataDir: string, copy: string): Promise<void> {
  await fsp.mkdir(dataDir, { recursive: true });
  const target = path.join(dataDir, SQLITE_FILE);
  const incoming = `${target}.restoring`;
  await fsp.copyFile(copy, incoming);
  for (const suffix of ['-wal', '-shm', '-journal']) await fsp.rm(`${target}${suffix}`, { force: true });
  await fsp.rename(incoming, target);
}

/** The SQLite file in DATA_DIR: copied by the online backup API, restored as a single file. */
export function sqliteBackup(dataDir: string): DatabaseBackup {
  return {
    engine: 'sqlite',
    copyName: 'database/klubovna.sqlite',
    place: path.join(dataDir, SQLITE_FILE),
    async dump(target) {
      await backupSqlite(dataDir, target);
      return sqliteFacts(target);
    },
    async checkTarget(force, filesHere) {
      if (sqliteInUse(dataDir))
        throw new RestoreRefused(
          `Databázi ve složce ${dataDir} právě používá běžící server. Zastavte ho a spusťte obnovu znovu.`,
        );
      const databaseHere = fs.existsSync(path.join(dataDir, SQLITE_FILE));
      if (!force && (databaseHere || filesHere))
        throw new RestoreRefused(
          `Složka ${dataDir} už obsahuje data (databázi nebo soubory). Chcete-li je nahradit zálohou, spusťte obnovu s volbou --force.`,
        );
    },
    restore: (copy) => restoreSqlite(dataDir, copy),
  };
}
