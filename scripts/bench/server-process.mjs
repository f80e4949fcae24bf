// Starts the real server as a child process on a free port and measures its cold start and memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../packages/server/src/node-flags.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The Node flags `npm start` runs the server with: measured as deployed. */
const NODE_FLAGS = SERVER_NODE_FLAGS;
/** BENCH_CPU_PROFILE=<folder>: each server writes a CPU profile there when it stops (for where time goes). */
const PROFILE_FLAGS = process.env.BENCH_CPU_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`]
  : [];

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Asks every 5 ms until the server answers 200, so the cold start is measured to within a few ms. */
async function waitForHealth(url, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server at ${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function statusMiB(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024;
}

/** utime + stime of a process from /proc, in milliseconds (clock ticks are 100 per second on Linux). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** What `npm start` runs (it checks the back office's build, then imports the server). */
export const START_SCRIPT = path.join(root, 'scripts/start.mjs');
/** The server's own entry, without the build check. */
export const SERVER_ENTRY = path.join(root, 'packages/server/src/server.ts');

/**
 * Starts the server as `npm start` does (scripts/start.mjs, or `entry` with `nodeFlags` added);
 * returns its URL, cold-start time (spawn → first 200 of /api/health) and an RSS probe.
 */
export async function startServer(env, { entry = START_SCRIPT, nodeFlags = [], quiet = false } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...PROFILE_FLAGS, ...nodeFlags, entry], {
    env: {
      // As `npm start` runs it (package.json): glibc's malloc in two arenas, not 8 per core.
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    // quiet: the start line of each start is not printed.
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  await waitForHealth(url, 30_000);
  const coldStartMs = performance.now() - started;
  // /proc has no peak of the anonymous part alone: sampled every 100 ms.
  let peakAnonMiB = 0;
  const sampler = setInterval(() => {
    try {
      peakAnonMiB = Math.max(peakAnonMiB, statusMiB(child.pid, 'RssAnon'));
    } catch {
      // the process has just exited
    }
  }, 100).unref();
  child.once('exit', () => clearInterval(sampler));
  return {
    url,
    coldStartMs,
    rssMiB: () => statusMiB(child.pid, 'VmRSS'),
    /** The part of the RSS that is mapped files (the SQLite file's pages reads map, see db/database.ts). */
    fileRssMiB: () => statusMiB(child.pid, 'RssFile'),
    /** Processor time the server has used so far (user and system), in milliseconds. */
    cpuMs: () => cpuMs(child.pid),
    /** The most the process has held so far. */
    peakRssMiB: () => statusMiB(child.pid, 'VmHWM'),
    /** Resident memory of the process's own (anonymous) pages: heaps, V8, malloc, stacks. */
    anonRssMiB: () => statusMiB(child.pid, 'RssAnon'),
    /** The most anonymous memory seen so far (sampled every 100 ms, so a short spike may be missed). */
    peakAnonRssMiB: () => Math.max(peakAnonMiB, statusMiB(child.pid, 'RssAnon')),
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The account the benches sign in as, created at the server's first start (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench@klub.test', password: 'bench heslo 123' };

/** Signs in over HTTP and answers the session cookie (`name=value`). */
export async function signIn(url, account = BENCH_ADMIN) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie()[0].split(';')[0];
}
