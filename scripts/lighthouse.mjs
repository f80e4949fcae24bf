// `npm run lighthouse`: Lighthouse (mobile defaults: a mid-range phone, slow 4G, simulated throttling)
// on the sign-in page, the CMS index and the members list, against the real server started as
// `npm start` does on a temporary database with 60 members. Chromium from CHROMIUM_PATH
// (/usr/bin/chromium by default). Prints the scores and the main figures of each page.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './bench/server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const admin = { email: 'lighthouse@klub.test', password: 'Lighthouse-heslo-2026' };
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', '@klubovna/web'], { cwd: root, stdio: 'inherit' });
}

async function signIn(url) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie()[0].split(';')[0];
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
  for (let index = 0; index < 60; index++) {
    const response = await fetch(`${url}/api/cms/form/member`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        lastName: surnames[index % surnames.length],
        firstName: firstNames[index % firstNames.length],
        registrationNumber: `LH-${index + 1}`,
      }),
    });
    if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  }
}

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
  const cookie = await signIn(server.url);
  await seedMembers(server.url, cookie);
  const pages = [
    { name: 'sign-in', path: '/admin/login' },
    { name: 'CMS index', path: '/admin', cookie },
    { name: 'members list', path: '/admin/clenove', cookie },
  ];
  for (const page of pages) {
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
    const audit = (id) => lhr.audits[id];
    const failed = Object.values(lhr.audits)
      .filter((entry) => entry.scoreDisplayMode === 'binary' && entry.score === 0)
      .filter((entry) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === entry.id))
      .map((entry) => entry.id);
    results.push({
      page: page.name,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: audit('first-contentful-paint').displayValue,
      lcp: audit('largest-contentful-paint').displayValue,
      tbt: audit('total-blocking-time').displayValue,
      cls: audit('cumulative-layout-shift').displayValue,
      transferred: `${Math.round(audit('total-byte-weight').numericValue / 1024)} KiB`,
      failedAccessibilityAudits: failed.join(', ') || '–',
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  '\n| page | performance | accessibility | FCP | LCP | TBT | CLS | transferred | failed a11y audits |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const row of results) {
  console.log(
    `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.fcp} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${row.transferred} | ${row.failedAccessibilityAudits} |`,
  );
}
