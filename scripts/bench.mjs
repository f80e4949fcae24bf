// `npm run bench`: starts the real server on a temporary database and measures it with autocannon.
// The headline is uncached: distinct addresses in turn on a server with the result cache off, beside a
// bare server doing the same SQL; the cached repeats follow on a server as `npm start` runs it.
// Duration per run: BENCH_DURATION seconds (default 15). A PostgreSQL run follows when
// BENCH_DATABASE_URL is set or the local PostgreSQL (postgres://postgres@127.0.0.1:5432/test) answers.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserFigures } from './bench/browser.mjs';
import { benchExport } from './bench/export.mjs';
import { benchGroupSave } from './bench/group-save.mjs';
import { benchImport } from './bench/import.mjs';
import { measure, printTable, WARM_UP_SECONDS } from './bench/measure.mjs';
import { BULK_COUNT, benchPayments, STATEMENT_LINES } from './bench/payments.mjs';
import { benchPostgres, postgresUrl } from './bench/postgres.mjs';
import { ARTICLE_COUNT, benchPublicSite, seedPublicSite } from './bench/public-site.mjs';
import { seedThroughImport } from './bench/seed-through-api.mjs';
import { BENCH_ADMIN, signIn, startServer } from './bench/server-process.mjs';
import { benchTrainer, signInTrainer, TRAINEES } from './bench/trainer.mjs';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_DURATION ?? 15);
const admin = BENCH_ADMIN;

/** Built before the server starts, which would otherwise build it within its cold start. */
function buildWebApp() {
  if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) {
    spawnSync('npm', ['run', 'build', '-w', '@klubovna/web'], { cwd: root, stdio: 'inherit' });
  }
}

buildWebApp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-bench-'));
const members = await import('./bench/members.mjs');
const rows = [];
const uncached = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  DATAGRID_CACHE_TTL: '0',
});
try {
  const cookie = await signIn(uncached.url);
  const seedMs = await seedThroughImport({ url: uncached.url, cookie, count: members.MEMBER_COUNT });
  console.log(`imported ${members.MEMBER_COUNT} members through the import call in ${seedMs} ms`);
  rows.push(...(await members.benchUncached({ url: uncached.url, cookie, duration, cpuMs: uncached.cpuMs })));
  const trainerCookie = await signInTrainer({ url: uncached.url, cookie });
  rows.push(
    ...(await benchTrainer({ url: uncached.url, cookie: trainerCookie, duration, cpuMs: uncached.cpuMs })),
  );
  for (const [who, session] of [
    ['office', cookie],
    ['trainer', trainerCookie],
  ])
    rows.push(
      await measure(`GET /api/cms/home (the home screen, ${who}), uncached`, {
        url: `${uncached.url}/api/cms/home`,
        headers: { cookie: session },
        duration,
        warmUp: WARM_UP_SECONDS,
        cpuMs: uncached.cpuMs,
      }),
    );
} finally {
  await uncached.stop();
}
rows.push(await members.benchBareSearch({ dataDir, duration }));
const server = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});
let rssAfterLogin;
let anonAfterLogin;
let rssAtEnd;
let anonAtEnd;
let peakRss;
let peakAnon;
let browser;
let groupSave;
let payments;
let publicSite;
let importRun;
let exportRun;
let fileRssAtEnd;
try {
  const cookie = await signIn(server.url);
  rows.push(
    await measure('POST /api/login (argon2id verify)', {
      url: `${server.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
      duration,
    }),
  );
  rssAfterLogin = server.rssMiB();
  anonAfterLogin = server.anonRssMiB();
  rows.push(
    await measure('GET /api/cms/user (session lookup)', {
      url: `${server.url}/api/cms/user`,
      headers: { cookie },
      duration,
    }),
  );
  rows.push(...(await members.benchMembers({ url: server.url, cookie, dataDir, duration })));
  exportRun = await benchExport({ url: server.url, cookie });
  groupSave = await benchGroupSave({ url: server.url, cookie });
  payments = await benchPayments({ url: server.url, cookie });
  publicSite = await seedPublicSite({ url: server.url, cookie });
  rows.push(
    ...(await benchPublicSite({ url: server.url, slugs: publicSite.slugs, duration, cpuMs: server.cpuMs })),
  );
  importRun = await benchImport({ url: server.url, cookie });
  browser = await browserFigures(server.url, cookie);
} finally {
  // The end is read once the server is idle, as bench:memory reads it: what heavy work (the import just
  // measured) left goes back within a second of idleness (engine/memory/idle-release.ts).
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.MEMORY_IDLE_MS ?? 2000)));
  rssAtEnd = server.rssMiB();
  anonAtEnd = server.anonRssMiB();
  fileRssAtEnd = server.fileRssMiB();
  peakRss = server.peakRssMiB();
  peakAnon = server.peakAnonRssMiB();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const databaseUrl = await postgresUrl();
const postgres = databaseUrl && (await benchPostgres({ url: databaseUrl, admin, duration, signIn }));
if (postgres) rows.push(...postgres.rows);
else console.log('\nno PostgreSQL reachable (BENCH_DATABASE_URL): PostgreSQL run skipped');
printTable(rows);
const find = (start) => rows.find((row) => row.title.startsWith(start));
const percent = (part, whole) => `${Math.round((100 * part.requestsPerSecond) / whole.requestsPerSecond)} %`;
const sqliteSearch = find('datagrid search,');
const sqlitePages = find('datagrid pages in turn');
console.log(
  `\nuncached search: ${percent(sqliteSearch, find('bare Fastify + better-sqlite3, the same uncached'))} of the bare server doing its SQL`,
);
console.log(
  `cached datagrid page: ${percent(find('datagrid page '), find('bare Fastify + better-sqlite3, same list'))} of the bare server`,
);
console.log(
  `trainer of ${TRAINEES} (row rules): uncached search ${percent(find('trainer: datagrid search,'), sqliteSearch)}, pages ${percent(find('trainer: datagrid pages'), sqlitePages)} of the office's req/s (target ≥ 90 %)`,
);
if (find('PostgreSQL:')) {
  console.log(
    `PostgreSQL uncached search: ${percent(find('PostgreSQL: datagrid search,'), sqliteSearch)} of SQLite's`,
  );
  console.log(
    `PostgreSQL uncached search of 1–2 letters: ${percent(find('PostgreSQL: datagrid search of 1–2'), find('datagrid search of 1–2'))} of SQLite's`,
  );
  console.log(
    `PostgreSQL pages in turn: ${percent(find('PostgreSQL: datagrid pages in turn'), sqlitePages)} of SQLite's (target for each: ≥ 80 %)`,
  );
  console.log(
    `PostgreSQL trainer of ${TRAINEES}: uncached search ${percent(find('PostgreSQL: trainer: datagrid search,'), find('PostgreSQL: datagrid search,'))}, pages ${percent(find('PostgreSQL: trainer: datagrid pages'), find('PostgreSQL: datagrid pages in turn'))} of the office's req/s`,
  );
}
console.log(
  `public site: ${ARTICLE_COUNT} articles written through the API in ${publicSite.seedMs} ms; p99 of the home page ${find('public home page').p99Ms} ms, of article pages ${find('public article pages').p99Ms} ms (target ≤ 20 ms at 20 connections)`,
);
console.log(`cold start (spawn → first /api/health): ${Math.round(server.coldStartMs)} ms`);
console.log(
  `bulk group save, 1,000 members added and 1,000 ended in one call: median ${groupSave.median} ms, worst ${groupSave.max} ms (target ≤ 200 ms)`,
);
console.log(
  `payment requests for ${BULK_COUNT.toLocaleString('en')} members in one call: median ${payments.bulk.median} ms, worst ${payments.bulk.max} ms (target ≤ 1 s)`,
);
console.log(
  `bank statement of ${STATEMENT_LINES.toLocaleString('en')} lines (GPC): settled in median ${payments.statement.median} ms, worst ${payments.statement.max} ms (target ≤ 2 s); dry run median ${payments.dryRun.median} ms`,
);
console.log(
  `import of ${importRun.count.toLocaleString('en')} members from XLSX (${Math.round(importRun.bytes / 1000)} kB): dry run ${importRun.dryRunMs} ms, import ${importRun.importMs} ms (target < 10 s)`,
);
console.log(
  `export of ${members.MEMBER_COUNT.toLocaleString('en')} members: XLSX ${exportRun.xlsx.medianMs} ms (slowest ${exportRun.xlsx.slowestMs} ms, ${Math.round(exportRun.xlsx.bytes / 1000)} kB), CSV ${exportRun.csv.medianMs} ms (slowest ${exportRun.csv.slowestMs} ms) (target < 3 s)`,
);
if (postgres) {
  console.log(
    `PostgreSQL: bulk group save, 1,000 members added and 1,000 ended in one call: median ${postgres.groupSave.median} ms, worst ${postgres.groupSave.max} ms (target ≤ 200 ms)`,
  );
  console.log(
    `PostgreSQL: import of ${postgres.importRun.count.toLocaleString('en')} members: dry run ${postgres.importRun.dryRunMs} ms, import ${postgres.importRun.importMs} ms`,
  );
}
console.log(
  `server RSS: ${Math.round(rssAfterLogin)} MiB after the login run, ${Math.round(rssAtEnd)} MiB at the end (${Math.round(fileRssAtEnd)} MiB of it mapped files: the database and code), peak ${Math.round(peakRss)} MiB`,
);
console.log(
  `server anonymous memory (RssAnon): ${Math.round(anonAfterLogin)} MiB after the login run, ${Math.round(anonAtEnd)} MiB at the end (target ≤ 150 MiB), peak ${Math.round(peakAnon)} MiB (sampled every 100 ms)`,
);
if (browser) {
  console.log(
    `initial JavaScript of /admin/login on the wire: ${(browser.wire.js / 1000).toFixed(1)} kB (target ≤ 160 KB), CSS ${(browser.wire.css / 1000).toFixed(1)} kB`,
  );
  console.log(
    `members list, first 25 of ${members.MEMBER_COUNT} members on screen: ${browser.rows.median} ms after navigation (median of ${browser.rows.all.join(', ')} ms; target ≤ 800 ms), main thread busy ${browser.rows.mainThread.median} ms of it`,
  );
} else console.log('no Chromium: browser figures skipped');
