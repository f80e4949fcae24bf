import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newestSourceTime, recordBuiltFrom, webBuildState } from './web-build.ts';

describe('whether npm start rebuilds the back office', () => {
  let root: string;
  const write = (file: string, at: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    fs.utimesSync(full, at / 1000, at / 1000);
  };
  /** A build as `npm run build` makes one: the sources' newest time taken first, noted after. */
  const build = () => {
    const sources = newestSourceTime(root);
    write('packages/web/dist/index.html', Date.now());
    recordBuiltFrom(root, sources);
  };
  const DAY = 24 * 3600 * 1000;
  const yesterday = Date.now() - DAY;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-web-build-'));
    write('packages/web/src/main.tsx', yesterday);
    write('packages/web/src/zones/members/members.zone.ts', yesterday);
    write('packages/web/index.html', yesterday);
    write('packages/web/vite.config.ts', yesterday);
    write('packages/shared/src/routes/route-table.ts', yesterday);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build, and not again while no source changed', () => {
    expect(webBuildState(root)).toBe('missing');
    build();
    expect(webBuildState(root)).toBe('current');
  });

  it('rebuilds when a source of the web, of shared or a configuration file is newer than the build', () => {
    const files = [
      'packages/web/src/zones/members/members.zone.ts',
      'packages/shared/src/routes/route-table.ts',
      'packages/web/vite.config.ts',
      'packages/web/index.html',
      'packages/web/src/new-file.ts',
    ];
    for (const [index, file] of files.entries()) {
      build();
      // Each edit later than the one before: two in one millisecond would look like no change.
      write(file, Date.now() + 1000 * (index + 1));
      expect(webBuildState(root), file).toBe('stale');
    }
    build();
    expect(webBuildState(root)).toBe('current');
  });

  it('rebuilds after a build during which a source changed, and after one that noted nothing', () => {
    const sources = newestSourceTime(root);
    write('packages/web/src/main.tsx', Date.now() - 1000);
    write('packages/web/dist/index.html', Date.now());
    recordBuiltFrom(root, sources);
    expect(webBuildState(root)).toBe('stale');

    build();
    fs.rmSync(path.join(root, 'packages/web/dist/built-from.json'));
    expect(webBuildState(root)).toBe('stale');
  });

  it('leaves tests beside the sources out', () => {
    build();
    write('packages/web/src/zones/members/members.test.tsx', Date.now() + 1000);
    write('packages/shared/src/routes/route-table.test.ts', Date.now() + 1000);
    expect(webBuildState(root)).toBe('current');
  });

  it('says in Czech that it rebuilds, and starts the server only after the build', () => {
    const repository = path.resolve(import.meta.dirname, '..');
    const start = fs
      .readFileSync(path.join(repository, 'scripts/start.mjs'), 'utf8')
      .replace('await import(await serverBundleUrl(root));', "console.log('server');")
      .replaceAll('./web-build.ts', path.join(repository, 'scripts/web-build.ts'))
      .replaceAll('./server-build.ts', path.join(repository, 'scripts/server-build.ts'))
      .replaceAll('./require-node.mjs', path.join(repository, 'scripts/require-node.mjs'));
    // The start script from a copy of the repository's layout whose build is stale, with an npm that
    // "builds" by noting the sources, as the real build does.
    fs.mkdirSync(path.join(root, 'scripts'));
    fs.mkdirSync(path.join(root, 'bin'));
    fs.writeFileSync(path.join(root, 'scripts/start.mjs'), start);
    fs.writeFileSync(
      path.join(root, 'bin/npm'),
      `#!/bin/sh\necho "npm $*"\n${process.execPath} -e "import('${path.join(repository, 'scripts/web-build.ts')}').then((m) => m.recordBuiltFrom('${root}', m.newestSourceTime('${root}')))"\n`,
      { mode: 0o755 },
    );
    build();
    write('packages/web/src/main.tsx', Date.now() + 1000);
    const run = () =>
      spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${path.join(root, 'bin')}:${process.env.PATH}` },
      });
    const stale = run();
    expect(stale.stderr).toBe('');
    expect(stale.stdout.trim().split('\n')).toEqual([
      'Zdrojové soubory administrace jsou novější než její sestavení, sestavuji ji znovu…',
      'npm run build -w @klubovna/web',
      'server',
    ]);
    expect(run().stdout.trim()).toBe('server');
  });
});
