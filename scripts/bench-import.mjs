// `node scripts/bench-import.mjs`: the bench's import of 10,000 members alone (scripts/bench/import.mjs),
// on SQLite and on PostgreSQL, without the rest of `npm run bench`. Each engine gets BENCH_MEMBERS seeded
// members (default 100,000, as the bench has), one server (the server alone, no back-office build) and
// BENCH_IMPORT_RUNS runs (default 3) of a dry run and an import of a new sheet each; prints every run
// and the medians. BENCH_ENGINES=sqlite or =postgres measures one engine only.
import './require-node.mjs';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { benchImport } from './bench/import.mjs';
import { MEMBER_COUNT, seedForBench } from './bench/members.mjs';
import { postgresUrl } from './bench/postgres.mjs';
import { BENCH_ADMIN, SERVER_ENTRY, signIn, startServer } from './bench/server-process.mjs';

const runs = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const admin = BENCH_ADMIN;

async function postgres(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const load = () => os.loadavg()[0].toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Seeds, starts the server, imports `runs` sheets of new members; answers each run's figures. */
async function measureEngine(engine) {
  let env;
  let cleanUp;
  if (engine === 'sqlite') {
    const dataDir = fs.mkdtempSync(`${os.tmpdir()}/klubovna-import-`);
    const seedMs = await seedForBench({ dataDir });
    console.log(`SQLite: seeded ${MEMBER_COUNT} members in ${seedMs} ms`);
    env = { DATA_DIR: dataDir };
    cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const url = await postgresUrl();
    if (!url) throw new Error('PostgreSQL does not answer (BENCH_DATABASE_URL)');
    const schema = `bench_import_${process.pid}_${randomBytes(3).toString('hex')}`;
    await postgres(url, `create schema ${schema}`);
    cleanUp = () => postgres(url, `drop schema ${schema} cascade`);
    const seedMs = await seedForBench({ databaseUrl: url, schema });
    console.log(`PostgreSQL: seeded ${MEMBER_COUNT} members in ${seedMs} ms`);
    const databaseUrl = new URL(url);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    env = { DATABASE_URL: databaseUrl.toString() };
  }
  try {
    const server = await startServer(
      { ...env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      { entry: SERVER_ENTRY },
    );
    try {
      const cookie = await signIn(server.url);
      const results = [];
      for (let run = 1; run <= runs; run += 1) {
        const result = await benchImport({
          url: server.url,
          cookie,
          prefix: `r${run}-`,
          cpuMs: server.cpuMs,
        });
        console.log(
          `${engine} run ${run}: dry run ${result.dryRunMs} ms (server CPU ${result.dryRunCpuMs} ms), import ${result.importMs} ms (server CPU ${result.importCpuMs} ms), load average ${load()}`,
        );
        results.push(result);
      }
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    await cleanUp();
  }
}

console.log(`load average ${load()} before`);
for (const engine of engines) {
  const results = await measureEngine(engine);
  const of = (name) => median(results.map((result) => result[name]));
  console.log(
    `${engine}: median of ${results.length}: dry run ${of('dryRunMs')} ms (server CPU ${of('dryRunCpuMs')} ms), import ${of('importMs')} ms (server CPU ${of('importCpuMs')} ms)`,
  );
}
console.log(`load average ${load()} after`);
