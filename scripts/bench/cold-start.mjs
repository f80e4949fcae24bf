// `node scripts/bench/cold-start.mjs`: the cold start of the server on an existing SQLite database,
// from spawning the process to the first 200 of /api/health. The database is made (migrated, root user
// created) by a first start that is not counted; then COLD_START_RUNS starts (default 10) of `npm
// start`'s path (scripts/start.mjs, which checks the builds first and runs the server's bundle) and as
// many of server.ts alone (the sources), alternated, and the median, min and max of each are printed,
// with the processor time the server used until its first answer (which moves less than the wall time
// on a busy machine).
// COLD_START_ENTRY=start|server measures only one of them; BENCH_CPU_PROFILE=<folder> profiles each.
import '../require-node.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY, START_SCRIPT, startServer } from './server-process.mjs';

const runs = Number(process.env.COLD_START_RUNS ?? 10);
const entries = { start: START_SCRIPT, server: SERVER_ENTRY };
const measured = process.env.COLD_START_ENTRY ? [process.env.COLD_START_ENTRY] : Object.keys(entries);
for (const name of measured)
  if (!entries[name]) throw new Error(`COLD_START_ENTRY: start or server, not ${name}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-cold-start-'));
const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'bench@klub.test',
  ADMIN_PASSWORD: 'bench heslo 123',
  // Background work that would run at start is out of the way, as on a server that has run before.
  JOB_POLL_INTERVAL: '0',
};

/** Cold starts of each entry, in ms, and the server's processor time until it answered. */
const times = Object.fromEntries(measured.map((name) => [name, []]));
const cpu = Object.fromEntries(measured.map((name) => [name, []]));
try {
  // The first start creates and migrates the database and builds the web app and the bundle if needed.
  await (await startServer(env, { entry: START_SCRIPT, quiet: true })).stop();
  for (let run = 0; run < runs; run++) {
    for (const name of measured) {
      const server = await startServer(env, { entry: entries[name], quiet: true });
      times[name].push(server.coldStartMs);
      cpu[name].push(server.cpuMs());
      await server.stop();
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const round = (ms) => Math.round(ms);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
for (const name of measured) {
  console.log(
    `cold start, ${name === 'start' ? 'npm start (scripts/start.mjs)' : 'server.ts alone'}: median ${round(median(times[name]))} ms, min ${round(Math.min(...times[name]))}, max ${round(Math.max(...times[name]))} (${times[name].map(round).join(', ')}); server CPU until then median ${round(median(cpu[name]))} ms`,
  );
}
console.log(
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
