// `npm run bench:memory`: which part of `npm run bench` leaves how much memory in the server. One
// server as `npm start` runs it, on a temporary database of BENCH_MEMBERS members (100,000), gets the
// bench's parts that grow memory one after another; after each, its resident memory from /proc (the
// anonymous part apart from mapped files) and V8's heap (from scripts/bench/heap-probe.mjs, loaded into
// this server only). MEMORY_PARTS=<names> (comma-separated) runs only those parts.
import '../require-node.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserFigures } from './browser.mjs';
import { benchExport } from './export.mjs';
import { benchGroupSave } from './group-save.mjs';
import { benchImport } from './import.mjs';
import { measure } from './measure.mjs';
import { benchPayments } from './payments.mjs';
import { benchPublicSite, seedPublicSite } from './public-site.mjs';
import { BENCH_ADMIN, signIn, startServer } from './server-process.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const admin = BENCH_ADMIN;
const MiB = 1024 * 1024;

/** V8's heap figures of the server, asked for with SIGUSR2 (scripts/bench/heap-probe.mjs). */
async function heapOf(server, file) {
  fs.rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let tries = 0; tries < 200 && !fs.existsSync(file); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** MEMORY_NODE_FLAGS: Node flags to try beside `npm start`'s (space-separated). */
const extraFlags = process.env.MEMORY_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
const members = await import('./members.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-memory-'));
const probeFile = path.join(dataDir, 'heap.json');
await members.seedForBench({ dataDir });
const server = await startServer(
  {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    KLUBOVNA_HEAP_PROBE: probeFile,
  },
  { nodeFlags: ['--import', path.join(import.meta.dirname, 'heap-probe.mjs'), ...extraFlags] },
);
const lines = [];
async function record(part) {
  // A moment for the work's last answers and V8's idle collection.
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.MEMORY_IDLE_MS ?? 2000)));
  const anon = server.anonRssMiB();
  const heap = await heapOf(server, probeFile);
  const line = {
    part,
    anon,
    anonAfterGc: server.anonRssMiB(),
    file: server.fileRssMiB(),
    peakAnon: server.peakAnonRssMiB(),
    heapTotalBeforeGc: heap.heapTotalBeforeGc / MiB,
    heapUsedBeforeGc: heap.heapUsedBeforeGc / MiB,
    heapTotal: heap.heapTotal / MiB,
    heapUsed: heap.heapUsed / MiB,
    external: heap.external / MiB,
    malloced: heap.mallocedMemory / MiB,
  };
  lines.push(line);
  console.log(
    `${part}: anonymous ${line.anon.toFixed(0)} MiB (peak so far ${line.peakAnon.toFixed(0)}; ${line.anonAfterGc.toFixed(0)} after a full GC), files ${line.file.toFixed(0)} MiB; V8 heap ${line.heapTotalBeforeGc.toFixed(0)} MiB (${line.heapUsedBeforeGc.toFixed(0)} used), after a full GC ${line.heapTotal.toFixed(0)} (${line.heapUsed.toFixed(0)}), external ${line.external.toFixed(0)} MiB, malloced by V8 ${line.malloced.toFixed(0)} MiB`,
  );
}

/**
 * The anonymous memory at the end by kind of mapping: `[heap]` is malloc's main arena; the rest are
 * mmap'd regions (V8's pages, malloc's thread arenas and large blocks, stacks), grouped by size.
 */
function smapsSummary(pid) {
  const groups = new Map();
  let name;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const size = (Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16)) / MiB;
      name = head[3] || (size < 1 ? 'other < 1 MiB' : size < 60 ? 'other 1–60 MiB' : 'other ≥ 60 MiB');
    } else if (line.startsWith('Anonymous:')) {
      const group = groups.get(name) ?? { anon: 0, count: 0 };
      group.anon += Number(line.split(/\s+/)[1]) / 1024;
      group.count += 1;
      groups.set(name, group);
    }
  }
  const parts = [...groups].filter(([, group]) => group.anon >= 0.5).sort((a, b) => b[1].anon - a[1].anon);
  console.log(
    `anonymous memory at the end by mapping: ${parts.map(([key, group]) => `${key} ${group.anon.toFixed(0)} MiB (${group.count})`).join(', ')}`,
  );
}

const wanted = process.env.MEMORY_PARTS?.split(',').map((name) => name.trim());
try {
  const cookie = await signIn(server.url);
  await record('start');
  const parts = {
    login: () =>
      measure('login', {
        url: `${server.url}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
        duration,
      }),
    session: () =>
      measure('session lookup', { url: `${server.url}/api/cms/user`, headers: { cookie }, duration }),
    members: () => members.benchMembers({ url: server.url, cookie, dataDir, duration }),
    export: () => benchExport({ url: server.url, cookie }),
    'group save': () => benchGroupSave({ url: server.url, cookie }),
    payments: () => benchPayments({ url: server.url, cookie }),
    'public site': async () => {
      const { slugs } = await seedPublicSite({ url: server.url, cookie });
      await benchPublicSite({ url: server.url, slugs, duration, cpuMs: server.cpuMs });
    },
    import: () => benchImport({ url: server.url, cookie }),
    // The bench's last part: the members list opened in Chromium.
    browser: () => browserFigures(server.url, cookie),
  };
  for (const [name, run] of Object.entries(parts)) {
    if (wanted && !wanted.includes(name)) continue;
    const cpuBefore = server.cpuMs();
    const result = await run();
    console.log(`${name}: server processor time ${server.cpuMs() - cpuBefore} ms`);
    if (name === 'export' || name === 'import') console.log(`${name}: ${JSON.stringify(result)}`);
    await record(name);
  }
  smapsSummary(server.pid);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  '\n| after | anonymous MiB | peak anonymous MiB | mapped files MiB | V8 heap MiB (used) | external MiB |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const line of lines)
  console.log(
    `| ${line.part} | ${line.anon.toFixed(0)} | ${line.peakAnon.toFixed(0)} | ${line.file.toFixed(0)} | ${line.heapTotal.toFixed(0)} (${line.heapUsed.toFixed(0)}) | ${line.external.toFixed(0)} |`,
  );
