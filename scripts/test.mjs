// `npm test`: lint, type checks, then every Vitest project (lint, shared, server, web, e2e).
// With TEST_DATABASE_URL set, the server suite also runs on PostgreSQL.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args, env = {}) => {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['biome', 'check', '.']);
for (const project of ['lint', 'scripts', 'packages/shared', 'packages/server', 'packages/web', 'e2e']) {
  run('npx', ['tsc', '-p', project, '--noEmit']);
}
// The e2e suite serves the built back office: built again when a source is newer than it.
const { webBuildState } = await import('./web-build.ts');
if (webBuildState(root) !== 'current') run('npm', ['run', 'build', '-w', '@klubovna/web']);

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-vitest-')), 'report.json');
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (!fs.existsSync(report)) process.exit(vitest.status || 1);
const results = JSON.parse(fs.readFileSync(report, 'utf8'));
const skipped = results.numPendingTests + results.numTodoTests;
// A suite that fails before its tests (a failing beforeAll) counts no failed test, only a failed file.
const failedFiles = results.numFailedTestSuites;
console.log(
  `\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped` +
    (failedFiles > 0 ? `; ${failedFiles} suite(s) failed (files, or describe blocks in them)` : ''),
);
if (vitest.status !== 0) process.exit(vitest.status ?? 1);
// Three instances behind HAProxy under load for a minute and a half, two of them stopped on the way
// (about 2½ minutes): on PostgreSQL only, where several instances may share the database.
if (process.env.TEST_DATABASE_URL) run('node', ['scripts/test-cluster.mjs']);
if (process.env.CI && skipped > 0) {
  console.error('CI: some tests were skipped; every suite must run.');
  process.exit(1);
}
