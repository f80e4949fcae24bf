import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import { searchPathOf, serverApplicationName } from '../database.ts';
import { type DatabaseBackup, type DatabaseFacts, RestoreRefused } from './database-backup.ts';

/** The connection string for libpq's tools, and the schema the app works in. */
function target(databaseUrl: string): { url: string; schema: string } {
  const schema = searchPathOf(databaseUrl) ?? 'public';
  const url = new URL(databaseUrl);
  url.searchParams.delete('options');
  return { url: url.toString(), schema };
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`Program ${command} není nainstalován (na Debianu v balíčku postgresql-client).`)
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} skončil s kódem ${code}: ${errors.trim()}`)),
    );
  });
}

/**
 * `pg_dump --format=custom` of the app's schema while instances keep working, with the rows per table
 * counted in the very snapshot the dump reads (exported from a transaction held open meanwhile).
 */
function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseFacts> {
  const { url, schema } = target(databaseUrl);
  return withClient(databaseUrl, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const snapshot = (await client.query('select pg_export_snapshot() as id')).rows[0].id as string;
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--snapshot=${snapshot}`,
        `--schema=${schema}`,
        `--file=${file}`,
        url,
      ]);
      return await factsOf(client, schema);
    } finally {
      await client.query('commit');
    }
  });
}

/** `pg_restore` of such a dump into the app's schema, replacing what is there. */
async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { url } = target(databaseUrl);
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

async function withClient<T>(databaseUrl: string, work: (client: PgModule.Client) => Promise<T>): Promise<T> {
  const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
  const client = new pg.Client({ connectionString: target(databaseUrl).url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function factsOf(client: PgModule.Client, schema: string): Promise<DatabaseFacts> {
  const tables = (
    await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by 1",
      [schema],
    )
  ).rows.map((row) => row.name);
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const records: Record<string, number> = {};
  for (const table of tables)
    records[table] = Number(
      (await client.query(`select count(*) as n from ${quoted(schema)}.${quoted(table)}`)).rows[0].n,
    );
  const migration = tables.includes('kysely_migration')
    ? ((await client.query(`select max(name) as name from ${quoted(schema)}.kysely_migration`)).rows[0]
        .name ?? null)
    : null;
  return { migration, records };
}

/** The last migration and the rows per table of the app's schema. */
export function postgresFacts(databaseUrl: string): Promise<DatabaseFacts> {
  return withClient(databaseUrl, (client) => factsOf(client, target(databaseUrl).schema));
}

/** Connections of running servers to this schema (they name themselves, see openDatabase). */
function postgresServersConnected(databaseUrl: string, applicationName: string): Promise<number> {
  return withClient(databaseUrl, async (client) =>
    Number(
      (
        await client.query(
          'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1',
          [applicationName],
        )
      ).rows[0].n,
    ),
  );
}

/** The app's schema on PostgreSQL: dumped by `pg_dump` in one snapshot, restored by `pg_restore`. */
export function postgresBackup(databaseUrl: string, dataDir: string): DatabaseBackup {
  const { schema } = target(databaseUrl);
  return {
    engine: 'postgres',
    copyName: 'database/klubovna.dump',
    place: `schéma ${schema} databáze PostgreSQL`,
    dump: (file) => dumpPostgres(databaseUrl, file),
    async checkTarget(force, filesHere) {
      if ((await postgresServersConnected(databaseUrl, serverApplicationName(schema))) > 0)
        throw new RestoreRefused(
          `Databázi (schéma ${schema}) právě používá běžící server. Zastavte všechny instance a spusťte obnovu znovu.`,
        );
      const tables = Object.keys((await postgresFacts(databaseUrl)).records);
      if (!force && (tables.length > 0 || filesHere))
        throw new RestoreRefused(
          `Cílová databáze (schéma ${schema}) nebo složka ${dataDir} už obsahuje data. Chcete-li je nahradit zálohou, spusťte obnovu s volbou --force.`,
        );
    },
    restore: (copy) => restorePostgres(databaseUrl, copy),
  };
}
