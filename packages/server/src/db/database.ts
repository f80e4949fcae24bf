import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, type Transaction } from 'kysely';
import { type MigrationProvider, Migrator } from 'kysely/migration';
import type PgModule from 'pg';
import type { Engine } from './dialect.ts';
import { type InvalidationBus, inProcessBus, PostgresInvalidationBus } from './invalidation-bus.ts';
import { loadMigrations, migrationNames } from './migration-files.ts';
import { SearchPathPostgresDialect } from './postgres-introspector.ts';
import type { Database } from './schema.ts';
import { ImmediateTransactionSqliteDialect } from './sqlite-dialect.ts';
import { ensureWriteNotifications } from './write-notifications-postgres.ts';
import { WriteTracker } from './write-tracker.ts';

export type Db = Kysely<Database>;
/** The database or an open transaction on it: what repository functions run their queries on. */
export type Executor = Db | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** Other processes may write it (PostgreSQL): nothing they can change is trusted from memory. */
  sharedByInstances: boolean;
  /** PostgreSQL schema the app works in. */
  schema?: string;
  /**
   * Starts what tells this instance's caches of other instances' writes (after the migrations):
   * LISTEN/NOTIFY on PostgreSQL, nothing on SQLite. Each app opens its own and closes it.
   */
  openBus(): Promise<InvalidationBus>;
  close(): Promise<void>;
}

/** PostgreSQL's text form of a timestamptz in UTC: "2026-11-22 23:49:33.453782+00". */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as toISOString() writes it, by string surgery when the session is in UTC (ours is,
 * see openDatabase): parsing a Date for each of them was 7 % of a datagrid request.
 */
export function timestampToIso(value: string): string {
  const match = UTC_TIMESTAMP.exec(value);
  if (!match) return new Date(value).toISOString();
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** pg is loaded only when PostgreSQL is configured, which keeps the SQLite start quick. */
function loadPg(): typeof PgModule {
  const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
  // Date-times come back as ISO strings in UTC on both engines, and counts as numbers.
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, timestampToIso);
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
  return pg;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give every run its own). */
  schema?: string;
  /** PostgreSQL connections (default 10). */
  poolSize?: number;
  /** How long datagrid results may be reused while nothing is written; 0 for never (default 5 s). */
  resultCacheTtlMs?: number;
}

/** The schema a connection string selects with `options=-c search_path=…`, if any. */
export function searchPathOf(databaseUrl: string): string | undefined {
  const options = URL.canParse(databaseUrl) ? new URL(databaseUrl).searchParams.get('options') : null;
  return options ? /search_path=([A-Za-z0-9_]+)/.exec(options)?.[1] : undefined;
}

/** How a server's connections name themselves to PostgreSQL (a restore refuses while any are open). */
export function serverApplicationName(schema: string): string {
  return `klubovna:${schema}`.slice(0, 63);
}

/** How much of the SQLite file reads map into memory (the rest is read through SQLite's page cache). */
const SQLITE_MMAP_BYTES = 256 * 1024 * 1024;

/** Distinct statement texts named per process at most: beyond them statements go unnamed. */
const NAMED_STATEMENTS_MAX = 2000;

/** Whether a database's queries may be named now: not while its migrations run. */
interface PreparedStatements {
  migrating: number;
  names: Map<string, string>;
  /** Statements sent to PostgreSQL so far, by every connection of the pool (statementsSent). */
  sent: number;
}
const preparedStatementsOf = new WeakMap<Db, PreparedStatements>();

/**
 * A pg client that names the app's reads, so each connection parses and plans a statement once and then
 * only binds and runs it: parsing and planning were most of PostgreSQL's time for the small queries a
 * request makes (0.3–1.2 ms of 0.4–1.5). Reads of `*` stay unnamed: once another instance's migration
 * adds a column, a prepared `select *` fails on every run ("cached plan must not change result type");
 * so do all statements while this instance migrates.
 */
function preparingClient(pg: typeof PgModule, state: PreparedStatements): typeof PgModule.Client {
  return class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this one passes them on
    override query(config: any, values?: any, callback?: any): any {
      state.sent += 1;
      if (
        state.migrating === 0 &&
        typeof config === 'string' &&
        Array.isArray(values) &&
        config.startsWith('select ') &&
        !/[\s.]\*/.test(config)
      ) {
        let name = state.names.get(config);
        if (!name && state.names.size < NAMED_STATEMENTS_MAX) {
          name = `k${state.names.size}`;
          state.names.set(config, name);
        }
        if (name) return super.query({ name, text: config, values }, callback);
      }
      return super.query(config, values, callback);
    }
  };
}

/**
 * How many statements the app has sent to PostgreSQL through `db` (its own connections; the listening
 * connection of the invalidation bus is apart): what a request costs in round trips, which tests hold
 * to. Undefined on SQLite.
 */
export function statementsSent(db: Db): number | undefined {
  return preparedStatementsOf.get(db)?.sent;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  // One process owns a SQLite file; several app instances may share a PostgreSQL database.
  const tracker = new WriteTracker({
    seesAllWrites: !options.databaseUrl,
    resultCacheTtlMs: options.resultCacheTtlMs ?? 5_000,
  });
  if (options.databaseUrl) {
    const pg = loadPg();
    const prepared: PreparedStatements = { migrating: 0, names: new Map(), sent: 0 };
    const schema = options.schema ?? searchPathOf(options.databaseUrl) ?? 'public';
    const pool = new pg.Pool({
      Client: preparingClient(pg, prepared),
      connectionString: options.databaseUrl,
      application_name: serverApplicationName(schema),
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({
      dialect: new SearchPathPostgresDialect({
        pool,
        // Date-times then come back in UTC, which timestampToIso turns into ISO strings cheaply.
        onCreateConnection: async (connection) => {
          await connection.executeQuery(CompiledQuery.raw("set time zone 'UTC'"));
        },
      }),
      plugins: [tracker],
    });
    preparedStatementsOf.set(db, prepared);
    const databaseUrl = options.databaseUrl;
    const openBus = async () => {
      await ensureWriteNotifications(db, schema);
      const applicationName = serverApplicationName(schema);
      const bus = new PostgresInvalidationBus({ pg, databaseUrl, schema, tracker, applicationName });
      await bus.start();
      tracker.useBus(bus);
      return bus;
    };
    return { db, engine: 'postgres', sharedByInstances: true, schema, openBus, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(options.dataDir, 'klubovna.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Reads map the file instead of copying its pages through SQLite's 2 MiB cache: a search's index
  // pages then cost no system call each (uncached searches at 100,000 members +5–10 %).
  file.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  const db = new Kysely<Database>({
    dialect: new ImmediateTransactionSqliteDialect({ database: file }),
    plugins: [tracker],
  });
  const openBus = async () => inProcessBus;
  return { db, engine: 'sqlite', sharedByInstances: false, openBus, close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: loadMigrations };

/** Kysely's table of the migrations run. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Whether every migration in the folder has run, and nothing else: then there is nothing to do, and
 * one query says so without loading the migrations' modules and taking Kysely's migration lock (a
 * tenth of a cold start). Anything else (no table yet, a migration to run, one the folder lacks) is
 * the Migrator's to handle or to refuse.
 */
async function migrationsUpToDate(handle: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<boolean> {
  const table = sql.table(handle.schema ? `${handle.schema}.${MIGRATION_TABLE}` : MIGRATION_TABLE);
  let ran: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(handle.db);
    ran = rows.map((row) => row.name);
  } catch {
    return false;
  }
  const files = new Set(migrationNames());
  return ran.length === files.size && ran.every((name) => files.has(name));
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(handle: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<void> {
  // Naming the schema keeps Kysely from mistaking another schema's migration table for ours.
  const schemaOption = handle.schema ? { migrationTableSchema: handle.schema } : {};
  const prepared = preparedStatementsOf.get(handle.db);
  if (prepared) prepared.migrating += 1;
  try {
    if (await migrationsUpToDate(handle)) return;
    const { error, results } = await new Migrator({
      db: handle.db,
      provider,
      ...schemaOption,
    }).migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (error) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    }
  } finally {
    if (prepared) prepared.migrating -= 1;
  }
}
