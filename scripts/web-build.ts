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

/** The newest modification time (ms) of the files a build is made from. */
export function newestSourceTime(root: string, sources: readonly string[] = WEB_BUILD_SOURCES): number {
  let newest = 0;
  const visit = (file: string, entry?: fs.Dirent) => {
    if (entry?.isDirectory() ?? fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
      // Joined as text: path.join's normalising of 900-odd names took half of a start's check (8 ms).
      for (const child of fs.readdirSync(file, { withFileTypes: true }))
        if (!TEST_FILE.test(child.name)) visit(`${file}/${child.name}`, child);
      return;
    }
    newest = Math.max(newest, fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  };
  for (const source of sources) visit(path.join(root, source));
  return newest;
}

/** Noted by a build once it succeeded, in its `dist`, with the newest source time taken before it began. */
export function writeBuiltFrom(dist: string, newestSource: number): void {
  fs.writeFileSync(path.join(dist, 'built-from.json'), `${JSON.stringify({ newestSource })}\n`);
}

export const recordBuiltFrom = (root: string, newestSource: number) =>
  writeBuiltFrom(webDist(root), newestSource);

/** Whether a build is there (`entry`), and made from the newest of `sources` (its built-from.json in `dist`). */
export type BuildState = 'missing' | 'stale' | 'current';

/**
 * `missing` without the build's `entry`, `stale` when a source changed since the build began (or the
 * build does not say what it was built from), else `current`: for the web app and the server's bundle.
 */
export function buildState(
  root: string,
  dist: string,
  entry: string,
  sources: readonly string[],
): BuildState {
  if (!fs.existsSync(path.join(dist, entry))) return 'missing';
  let builtFrom: number | undefined;
  try {
    builtFrom = JSON.parse(fs.readFileSync(path.join(dist, 'built-from.json'), 'utf8')).newestSource;
  } catch {
    return 'stale';
  }
  return typeof builtFrom === 'number' && newestSourceTime(root, sources) <= builtFrom ? 'current' : 'stale';
}

export const webBuildState = (root: string): BuildState =>
  buildState(root, webDist(root), 'index.html', WEB_BUILD_SOURCES);
