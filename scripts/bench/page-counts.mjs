// `node scripts/bench/page-counts.mjs`: what a cold load of the back office's form screens costs in
// figures that do not move with the machine's load — DOM nodes, component renders (calls of React's
// `renderWithHooks`), JavaScript function calls (precise coverage call counts), bytes on the wire — and
// the main-thread tasks over 50 ms with the processor slowed four times (as Lighthouse's mobile
// settings assume; these do move with the load), until no skeleton is left and the network is idle.
// Same server and seed as `npm run lighthouse` (60 members); Chromium at 412 px with touch, as a phone.
// COUNTS_ROOT=<checkout> measures another built checkout (its `scripts/start.mjs` and build), so two
// builds can be compared in alternated runs; COUNTS_RUNS=n loads each page n times (medians printed);
// COUNTS_PAGES=<names> (comma-separated) measures only those pages.
import '../require-node.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodedMappings, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { signIn, startServer } from './server-process.mjs';

const root = path.resolve(process.env.COUNTS_ROOT ?? path.join(import.meta.dirname, '../..'));
const runs = Math.max(1, Number(process.env.COUNTS_RUNS ?? 1));
const onlyPages = process.env.COUNTS_PAGES?.split(',').map((name) => name.trim());
const admin = { email: 'counts@klub.test', password: 'Pocitadlo-heslo-2026' };
const assetsDir = path.join(root, 'packages/web/dist/assets');

/** The generated offsets at which React's `renderWithHooks` starts, per chunk file name (from the hidden source maps). */
function renderFunctionStarts() {
  const starts = new Map();
  for (const file of fs.readdirSync(assetsDir).filter((name) => name.endsWith('.js.map'))) {
    const text = fs.readFileSync(path.join(assetsDir, file), 'utf8');
    if (!text.includes('renderWithHooks')) continue;
    const code = fs.readFileSync(path.join(assetsDir, file.replace(/\.map$/, '')), 'utf8');
    const lineStarts = [0];
    for (let index = 0; index < code.length; index++) if (code[index] === '\n') lineStarts.push(index + 1);
    const offsets = new Set();
    const map = new TraceMap(text);
    decodedMappings(map).forEach((segments, line) => {
      for (const segment of segments) {
        if (segment.length === 5 && map.names[segment[4]] === 'renderWithHooks')
          offsets.add(lineStarts[line] + segment[0]);
      }
    });
    starts.set(file.replace(/\.map$/, ''), offsets);
  }
  return starts;
}

async function measure(browser, page, renderStarts) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { cookie: page.cookie },
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await tab.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await tab.goto(page.url, { waitUntil: 'networkidle' });
  // A form screen asks for its form's code once its heading is on the screen, which may be after the
  // network was first idle: the load ends when no skeleton waits (`aria-busy`) and the network is idle.
  await tab
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20_000 })
    .catch(() => {});
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(1500);
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  let calls = 0;
  let renders = 0;
  const busiest = [];
  for (const script of result) {
    const file = path.basename(new URL(script.url || 'about:blank').pathname);
    const starts = renderStarts.get(file);
    for (const fn of script.functions) {
      const count = fn.ranges[0].count;
      calls += count;
      if (topFunctions && count > 0) busiest.push({ file, offset: fn.ranges[0].startOffset, count });
      // A function's range starts at its `function` keyword, the source map's name a few characters on.
      if (
        starts &&
        [...starts].some(
          (offset) => offset >= fn.ranges[0].startOffset && offset <= fn.ranges[0].startOffset + 10,
        )
      )
        renders += count;
    }
  }
  const figures = await tab.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    longTasks: window.__longTasks,
  }));
  await context.close();
  if (topFunctions) printBusiest(busiest);
  if (process.env.COUNTS_TASKS)
    console.log(
      `${page.name}: ${figures.longTasks.map(([start, duration]) => `${Math.round(duration)} ms at ${Math.round(start)}`).join(', ')}`,
    );
  const durations = figures.longTasks.map(([, duration]) => duration);
  return {
    nodes: figures.nodes,
    renders,
    calls,
    kib: bytes / 1024,
    longTasks: durations.length,
    blockingMs: durations.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    longestMs: Math.max(0, ...durations),
  };
}

/** COUNTS_TOP=n: the n functions called most on each load, by their source name and place. */
const topFunctions = Number(process.env.COUNTS_TOP ?? 0);
const sourceMaps = new Map();
function printBusiest(busiest) {
  for (const { file, offset, count } of busiest.sort((a, b) => b.count - a.count).slice(0, topFunctions)) {
    const mapFile = path.join(assetsDir, `${file}.map`);
    if (!sourceMaps.has(file) && fs.existsSync(mapFile)) {
      const code = fs.readFileSync(path.join(assetsDir, file), 'utf8');
      sourceMaps.set(file, { map: new TraceMap(fs.readFileSync(mapFile, 'utf8')), code });
    }
    const entry = sourceMaps.get(file);
    let where = `${file}@${offset}`;
    if (entry) {
      const before = entry.code.slice(0, offset + 9);
      const line = before.split('\n').length;
      const column = offset + 9 - before.lastIndexOf('\n') - 1;
      const found = originalPositionFor(entry.map, { line, column });
      where = `${found.name ?? '?'} ${found.source?.replace(/^.*node_modules\//, '')}:${found.line}`;
    }
    console.log(`${String(count).padStart(7)}  ${where}`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadBefore = os.loadavg();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-counts-'));
const server = await startServer(
  { DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  { entry: path.join(root, 'scripts/start.mjs'), quiet: true },
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
const rows = [];
try {
  const cookie = await signIn(server.url, admin);
  const member = await seed(server.url, cookie);
  const pages = [
    { name: 'member form', url: `${server.url}/admin/clenove/edit?id=${member}`, cookie },
    { name: 'attendance', url: `${server.url}/admin/treninky/dochazka`, cookie },
    {
      name: 'bulk group setup',
      url: `${server.url}/admin/clenove-skupiny/hromadne-nastaveni-skupiny`,
      cookie,
    },
  ].filter((page) => !onlyPages || onlyPages.includes(page.name));
  const renderStarts = renderFunctionStarts();
  const results = new Map(pages.map((page) => [page.name, []]));
  for (let run = 0; run < runs; run++)
    for (const page of pages) results.get(page.name).push(await measure(browser, page, renderStarts));
  for (const [name, measured] of results) {
    const figure = (key) => median(measured.map((entry) => entry[key]));
    rows.push(
      `| ${name} | ${figure('nodes')} | ${figure('renders')} | ${figure('calls')} | ${figure('kib').toFixed(0)} KiB | ${figure('longTasks')} | ${figure('blockingMs').toFixed(0)} ms | ${figure('longestMs').toFixed(0)} ms |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function seed(url, cookie) {
  let first;
  for (let index = 0; index < 60; index++) {
    const response = await fetch(`${url}/api/cms/form/member`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        lastName: `Novák ${index}`,
        firstName: 'Jan',
        registrationNumber: `PC-${index + 1}`,
      }),
    });
    if (!response.ok) throw new Error(`seeding failed: ${response.status}`);
    first ??= (await response.json()).data.id;
  }
  return first;
}

const load = (figures) => figures.map((value) => value.toFixed(2)).join(' ');
console.log(`\n${root}, medians of ${runs} cold load(s):\n`);
console.log(
  '| page | DOM nodes | renders | function calls | on the wire | tasks > 50 ms (CPU ×4) | blocking | longest task |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
console.log(`\nLoad average (1, 5, 15 min): ${load(loadBefore)} before, ${load(os.loadavg())} after.`);
