// `npm run lighthouse`: Lighthouse (mobile defaults: a mid-range phone, slow 4G, simulated throttling)
// on the sign-in page, the CMS index, a list (members), a form (a member), two custom screens
// (attendance, bulk group setup) and the public home and article pages, against the real server started
// as `npm start` does on a temporary database with 60 members and an article. Chromium from CHROMIUM_PATH
// (/usr/bin/chromium by default). Prints the scores and the main figures of each page.
// LIGHTHOUSE_RUNS=n measures every page n times (in turn) and prints each run and the medians, with the
// machine's load average before and after (Lighthouse's performance score moves with the load);
// LIGHTHOUSE_REPORT_DIR=<folder> keeps each run's full JSON report (opportunities, request chains);
// LIGHTHOUSE_PAGES=<names> (comma-separated, e.g. `members list`) measures only those pages.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signIn, startServer } from './bench/server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const admin = { email: 'lighthouse@klub.test', password: 'Lighthouse-heslo-2026' };
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());

if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', '@klubovna/web'], { cwd: root, stdio: 'inherit' });
}

async function seedMembers(url, cookie) {
  const surnames = [
    'Novák',
    'Svoboda',
    'Dvořák',
    'Černý',
    'Procházka',
    'Kučera',
    'Veselý',
    'Horák',
    'Němec',
    'Pokorný',
  ];
  const firstNames = ['Jan', 'Eva', 'Petr', 'Jana', 'Tomáš', 'Lucie'];
  const ids = [];
  for (let index = 0; index < 60; index++) {
    const member = await create(url, cookie, 'member', {
      lastName: surnames[index % surnames.length],
      firstName: firstNames[index % firstNames.length],
      registrationNumber: `LH-${index + 1}`,
    });
    ids.push(member.id);
  }
  return ids;
}

async function create(url, cookie, alias, values) {
  const response = await fetch(`${url}/api/cms/form/${alias}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(values),
  });
  if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

/** A published article with a few paragraphs, for the public home and article pages. */
async function seedArticle(url, cookie) {
  const paragraph =
    '<p>Oddíl pořádá každou sobotu společný trénink pro všechny kategorie. Sraz je v devět hodin u ' +
    'klubovny, s sebou pití, svačinu a oblečení podle počasí. Rodiče jsou vítáni.</p>';
  return create(url, cookie, 'article', {
    title: 'Sobotní trénink pro všechny',
    perex: 'Každou sobotu se potkáváme u klubovny: přijďte si zaběhat s námi.',
    content: paragraph.repeat(6),
    publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
  });
}

async function measure(page, run) {
  const { lhr } = await lighthouse(
    `${server.url}${page.path}`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    },
    undefined,
  );
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const file = `${page.name.replace(/\W+/g, '-')}-${run}.json`;
    fs.writeFileSync(path.join(reportDir, file), JSON.stringify(lhr));
  }
  // Lighthouse sometimes fails to record a load (`NO_NAVSTART` and the like, mostly the first load of
  // a fresh Chromium): that run is made once more (measureOrRetry), then reported as failed and left
  // out of the medians.
  if (lhr.runtimeError) return { page: page.name, error: lhr.runtimeError.code };
  const audit = (id) => lhr.audits[id];
  const failed = Object.values(lhr.audits)
    .filter((entry) => entry.scoreDisplayMode === 'binary' && entry.score === 0)
    .filter((entry) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === entry.id))
    .map((entry) => entry.id);
  return {
    page: page.name,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    transferred: audit('total-byte-weight').numericValue,
    failedAccessibilityAudits: failed.join(', ') || '–',
  };
}

/** A page's run, made once more when Lighthouse could not record the load. */
async function measureOrRetry(page, run) {
  const first = await measure(page, run);
  if (!first.error) return first;
  console.log(`${page.name}, run ${run}: ${first.error}, measured once more`);
  return measure(page, run);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const row = (name, figures) =>
  `| ${name} | ${Math.round(figures.performance)} | ${Math.round(figures.accessibility)} | ${seconds(figures.fcp)} | ${seconds(figures.lcp)} | ${Math.round(figures.tbt)} ms | ${figures.cls.toFixed(3)} | ${Math.round(figures.transferred / 1024)} KiB | ${figures.failedAccessibilityAudits} |`;

const loadBefore = os.loadavg();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-lighthouse-'));
const server = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
});
const results = [];
try {
  const cookie = await signIn(server.url, admin);
  const [member] = await seedMembers(server.url, cookie);
  const article = await seedArticle(server.url, cookie);
  const pages = [
    { name: 'sign-in', path: '/admin/login' },
    { name: 'CMS index', path: '/admin', cookie },
    { name: 'members list', path: '/admin/clenove', cookie },
    { name: 'member form', path: `/admin/clenove/edit?id=${member}`, cookie },
    { name: 'attendance', path: '/admin/treninky/dochazka', cookie },
    { name: 'bulk group setup', path: '/admin/clenove-skupiny/hromadne-nastaveni-skupiny', cookie },
    { name: 'public home', path: '/' },
    { name: 'public article', path: `/clanky/${article.slug}` },
  ].filter((page) => !onlyPages || onlyPages.includes(page.name));
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) results.push({ run, ...(await measureOrRetry(page, run)) });
  }
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const loadAfter = os.loadavg();
console.log(
  '\n| page | performance | accessibility | FCP | LCP | TBT | CLS | transferred | failed a11y audits |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const result of results) {
  const name = runs > 1 ? `${result.page} (run ${result.run})` : result.page;
  console.log(result.error ? `| ${name} | failed: ${result.error} |` : row(name, result));
}
if (runs > 1) {
  console.log(`\nMedians of ${runs} runs:\n`);
  console.log(
    '| page | performance | accessibility | FCP | LCP | TBT | CLS | transferred | failed a11y audits |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const name of [...new Set(results.map((result) => result.page))]) {
    const own = results.filter((result) => result.page === name && !result.error);
    if (own.length === 0) continue;
    const figures = Object.fromEntries(
      ['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls', 'transferred'].map((key) => [
        key,
        median(own.map((result) => result[key])),
      ]),
    );
    const failed = [...new Set(own.map((result) => result.failedAccessibilityAudits))].join('; ');
    console.log(row(name, { ...figures, failedAccessibilityAudits: failed }));
  }
}
const load = (figures) => figures.map((value) => value.toFixed(2)).join(' ');
console.log(`\nLoad average (1, 5, 15 min): ${load(loadBefore)} before, ${load(loadAfter)} after.`);
