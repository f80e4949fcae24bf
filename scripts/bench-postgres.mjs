// `node scripts/bench-postgres.mjs`: the bench's uncached PostgreSQL rows alone (pages in turn, form GET
// by id in turn), with the processor time of the server and of its PostgreSQL backends per request and
// the statements each request sent. BENCH_SCHEMA=<name> keeps the schema for the next run (its members
// imported through the import call only when it holds none yet; dropped only when not named), so that
// two builds can be measured alternately on one database. BENCH_ROWS=pages,form,search,short,group
// picks rows (default pages,form; group: the bulk group save of 1,000 members, timed apart);
// BENCH_DURATION seconds per row (default 8); BENCH_MEMBERS as in the bench. BENCH_SQLITE_DIR=<folder>
// measures the same rows on SQLite instead (uncached, as the bench's headline), importing the members
// when the folder holds no database yet: the figures PostgreSQL's are compared with.
import './require-node.mjs';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  datagridPath,
  inTurn,
  pageAddresses,
  searchAddresses,
  shortSearchAddresses,
} from './bench/addresses.mjs';
import { benchGroupSave } from './bench/group-save.mjs';
import { measure, printTable, WARM_UP_SECONDS } from './bench/measure.mjs';
import { MEMBER_COUNT } from './bench/members.mjs';
import { postgresUrl } from './bench/postgres.mjs';
import { seedThroughImport } from './bench/seed-through-api.mjs';
import { BENCH_ADMIN, SERVER_ENTRY, signIn, startServer } from './bench/server-process.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const wanted = (process.env.BENCH_ROWS ?? 'pages,form').split(',');
const load = () => os.loadavg()[0].toFixed(1);

const url = await postgresUrl();
if (!url) throw new Error('PostgreSQL does not answer (BENCH_DATABASE_URL)');
const client = new pg.Client({ connectionString: url });
await client.connect();
const schema = process.env.BENCH_SCHEMA ?? `bench_pg_${process.pid}_${randomBytes(3).toString('hex')}`;
const applicationName = `klubovna:${schema}`.slice(0, 63);

async function seededMembers() {
  const { rows } = await client.query(
    'select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = $2',
    [schema, 'members'],
  );
  if (rows[0].n === 0) return 0;
  return (await client.query(`select count(*)::int as n from ${schema}.members`)).rows[0].n;
}

/** utime + stime of the server's PostgreSQL backends, in milliseconds (100 clock ticks a second). */
async function backendCpuMs() {
  const { rows } = await client.query('select pid from pg_stat_activity where application_name = $1', [
    applicationName,
  ]);
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the backend has just ended
    }
  }
  return total;
}

/** Statements the server's backends ran: their transactions (each statement is one, outside a transaction). */
async function statementsSoFar() {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0].n);
}

/** The server's database, the SQLite folder or the PostgreSQL schema, and whether it holds no members yet. */
async function databaseEnv() {
  const sqliteDir = process.env.BENCH_SQLITE_DIR;
  if (sqliteDir) {
    const empty = !fs.existsSync(path.join(sqliteDir, 'klubovna.sqlite'));
    return { env: { DATA_DIR: sqliteDir, DATAGRID_CACHE_TTL: '0' }, empty, where: sqliteDir };
  }
  await client.query(`create schema if not exists ${schema}`);
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: databaseUrl.toString() },
    empty: (await seededMembers()) === 0,
    where: schema,
  };
}

try {
  const database = await databaseEnv();
  const server = await startServer(
    { ...database.env, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    { entry: SERVER_ENTRY },
  );
  const rows = [];
  try {
    const cookie = await signIn(server.url);
    const headers = { cookie };
    if (database.empty) {
      const seedMs = await seedThroughImport({ url: server.url, cookie, count: MEMBER_COUNT });
      console.log(
        `imported ${MEMBER_COUNT} members through the import call in ${seedMs} ms (${database.where})`,
      );
    }
    const pages = pageAddresses(MEMBER_COUNT).map(datagridPath);
    const ids = (await (await fetch(`${server.url}${pages[0]}`, { headers })).json()).data.items.map(
      (item) => item.id,
    );
    const engine = process.env.BENCH_SQLITE_DIR ? 'SQLite' : 'PostgreSQL';
    const runs = {
      pages: [`${engine}: datagrid pages in turn`, pages],
      form: [`${engine}: form GET by id, records in turn`, ids.map((id) => `/api/cms/form/member/${id}`)],
      search: [`${engine}: datagrid search in turn`, (await searchAddresses()).map(datagridPath)],
      short: [`${engine}: datagrid search of 1–2 letters in turn`, shortSearchAddresses().map(datagridPath)],
    };
    if (wanted.includes('group')) {
      const saved = await benchGroupSave({ url: server.url, cookie });
      console.log(
        `${engine}: bulk group save of 1,000 members: median ${saved.median} ms, worst ${saved.max} ms, load average ${load()}`,
      );
    }
    for (const name of wanted.filter((row) => row !== 'group')) {
      const [title, addresses] = runs[name];
      const before = { backend: await backendCpuMs(), statements: await statementsSoFar() };
      let requests = 0;
      const row = await measure(title, {
        url: server.url,
        headers,
        duration,
        warmUp: WARM_UP_SECONDS,
        cpuMs: server.cpuMs,
        ...inTurn(addresses),
        setupClient: (autocannonClient) => autocannonClient.on('response', () => (requests += 1)),
      });
      const backendMs = (await backendCpuMs()) - before.backend;
      const statements = (await statementsSoFar()) - before.statements;
      const postgres = process.env.BENCH_SQLITE_DIR
        ? ''
        : `, PostgreSQL backends ${(backendMs / requests).toFixed(3)} ms/request, ~${(statements / requests).toFixed(2)} transactions/request (whole database, warm-up included)`;
      console.log(
        `${title}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, server CPU ${row.cpuMsPerRequest?.toFixed(3)} ms/request${postgres}, load average ${load()}`,
      );
      rows.push(row);
    }
  } finally {
    await server.stop();
  }
  printTable(rows);
} finally {
  if (!process.env.BENCH_SCHEMA) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
