import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether the back office's build (packages/web/dist) is the build of its sources as they are: `npm
 * start` and `npm test` rebuild it when it is missing or older than any of them.
 */

/** What a build of the back office is made from, relative to the repository. */
export const WEB_BUILD_SOURCES = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/build',
  'packages/web/scripts',
  'packages/web/vite.config.ts',
  'packages/web/postcss.config.mjs',
  'packages/web/tsconfig.json',
  'packages/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Tests beside the sources are no part of a build. */
const TEST_FILE = /\.test\.tsx?$/;

const webDist = (root: string) => path.join(root, 'packages/web/dist');
/** Written by the build: the newest source time it was built from. */
const builtFromFile = (root: string) => path.join(webDist(root), 'built-from.json');

/** The newest modification time (ms) of the files a build is made from. */
export function newestSourceTime(root: string, sources: readonly string[] = WEB_BUILD_SOURCES): number {
  let newest = 0;
  const visit = (file: string, entry?: fs.Dirent) => {
    if (entry?.isDirectory() ?? fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
      for (const child of fs.readdirSync(file, { withFileTypes: true }))
        if (!TEST_FILE.test(child.name)) visit(path.join(file, child.name), child);
      return;
    }
    newest = Math.max(newest, fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  };
  for (const source of sources) visit(path.join(root, source));
  return newest;
}

/** Noted by the build once it succeeded, with the newest source time taken before it began. */
export function recordBuiltFrom(root: string, newestSource: number): void {
  fs.writeFileSync(builtFromFile(root), `${JSON.stringify({ newestSource })}\n`);
}

/**
 * `missing` without a build, `stale` when a source changed since the build began (or the build does
 * not say what it was built from), else `current`.
 */
export function webBuildState(root: string): 'missing' | 'stale' | 'current' {
  if (!fs.existsSync(path.join(webDist(root), 'index.html'))) return 'missing';
  let builtFrom: number | undefined;
  try {
    builtFrom = JSON.parse(fs.readFileSync(builtFromFile(root), 'utf8')).newestSource;
  } catch {
    return 'stale';
  }
  return typeof builtFrom === 'number' && newestSourceTime(root) <= builtFrom ? 'current' : 'stale';
}
