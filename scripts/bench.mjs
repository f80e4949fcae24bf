// `npm run bench`: starts the real server on a temporary database and measures it with autocannon.
// Duration per run: BENCH_DURATION seconds (default 15).
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, printTable } from './bench/measure.mjs';
import { startServer } from './bench/server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_DURATION ?? 15);
const admin = { email: 'bench@klub.test', password: 'bench heslo 123' };

async function signIn(url) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers.getSetCookie()[0].split(';')[0];
}

function loginBundleSize() {
  const script = path.join(root, 'packages/web/scripts/login-bundle-size.mjs');
  if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) {
    spawnSync('npm', ['run', 'build', '-w', '@klubovna/web'], { cwd: root, stdio: 'inherit' });
  }
  if (!fs.existsSync(script)) return undefined;
  const output = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
  return JSON.parse(output.stdout).loginJsGzipBytes;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-bench-'));
const members = await import('./bench/members.mjs');
const seedMs = await members.seedForBench(dataDir);
console.log(`seeded ${members.MEMBER_COUNT} members in ${seedMs} ms`);
const server = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});
const rows = [];
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
  rows.push(
    await measure('GET /api/cms/user (session lookup)', {
      url: `${server.url}/api/cms/user`,
      headers: { cookie },
      duration,
    }),
  );
  rows.push(...(await members.benchMembers({ url: server.url, cookie, dataDir, duration })));
  printTable(rows);
  console.log(`\ncold start (spawn → first /api/health): ${Math.round(server.coldStartMs)} ms`);
  console.log(`server RSS after the runs: ${Math.round(server.rssMiB())} MiB`);
  const gzip = loginBundleSize();
  if (gzip !== undefined)
    console.log(
      `initial JavaScript of /admin/login: ${(gzip / 1024).toFixed(1)} KiB gzipped (target ≤ 160 KB)`,
    );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
