import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BuildState, buildState, newestSourceTime, writeBuiltFrom } from './web-build.ts';

/**
 * `npm start` runs the server from one bundle of its sources (packages/server/dist), rebuilt when it is
 * missing or older than any of them: Node then loads a few files instead of about a thousand ES
 * modules, which took most of the cold start. Tests and the command-line tools run the sources
 * themselves.
 */

/** What the server's bundle is made from, relative to the repository. */
export const SERVER_BUILD_SOURCES = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'scripts/server-build.ts',
];

/**
 * Packages bundled with the sources: those the server loads before it answers. Every other package
 * (native addons, and the heavy ones loaded at their first use) stays in node_modules, loaded by Node
 * as the sources load it.
 */
const BUNDLED_PACKAGES = new Set([
  '@klubovna/shared',
  'zod',
  'kysely',
  'fastify',
  'fastify-plugin',
  '@fastify/compress',
  '@fastify/cookie',
  '@fastify/multipart',
  '@fastify/static',
  'helmet',
  'ibantools',
  'iconv-lite',
  'otpauth',
]);

/**
 * What bundled packages require only on use, never at the start: Fastify's JSON Schema compilers (the
 * routes' schemas are Zod's) and its `inject`. Left to node_modules, they keep the bundle 0.6 MB smaller.
 */
const REQUIRED_ON_USE = new Set([
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
]);

const serverDist = (root: string) => path.join(root, 'packages/server/dist');
/** The bundle's entry, which `npm start` imports. */
export const serverBundle = (root: string) => path.join(serverDist(root), 'server.js');

/** `zod` of `zod/v4`, `@fastify/static` of `@fastify/static/x`; undefined for relative and node: ones. */
function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || path.isAbsolute(specifier) || specifier.startsWith('node:')) return;
  const parts = specifier.split('/');
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

/** Whether an import is left to Node: packages not bundled, as imported by our own sources. */
export function leftExternal(specifier: string, importer: string | undefined, root: string): boolean {
  const name = packageName(specifier);
  if (name && REQUIRED_ON_USE.has(name)) return true;
  if (!name || BUNDLED_PACKAGES.has(name)) return false;
  const ours = [path.join(root, 'packages/server/src'), path.join(root, 'packages/shared/src')];
  return importer === undefined || ours.some((folder) => importer.startsWith(folder + path.sep));
}

/**
 * A previous build's files stay a day: an instance started from it (another one on this checkout, not
 * yet restarted) loads some of its chunks only at their first use. Chunks are named by their content.
 */
const PREVIOUS_BUILD_KEPT_MS = 24 * 3600 * 1000;

/** Removes what the latest build did not write and is older than a day. */
export function removePreviousBuilds(dist: string, written: ReadonlySet<string>): void {
  for (const file of fs.readdirSync(dist)) {
    const full = path.join(dist, file);
    if (!written.has(file) && fs.statSync(full).mtimeMs < Date.now() - PREVIOUS_BUILD_KEPT_MS)
      fs.rmSync(full, { force: true });
  }
}

/** Bundles the server into packages/server/dist and notes the sources' time it was built from. */
export async function buildServer(root: string): Promise<void> {
  const newestSource = newestSourceTime(root, SERVER_BUILD_SOURCES);
  const { build } = await import('rolldown');
  const { output } = await build({
    input: path.join(root, 'packages/server/src/server.ts'),
    platform: 'node',
    external: (specifier, importer) => leftExternal(specifier, importer, root),
    logLevel: 'silent',
    // Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps names the sources'.
    output: { dir: serverDist(root), format: 'esm', entryFileNames: 'server.js', sourcemap: true },
  });
  const written = new Set(['built-from.json']);
  for (const file of output) written.add(file.fileName).add(`${file.fileName}.map`);
  removePreviousBuilds(serverDist(root), written);
  writeBuiltFrom(serverDist(root), newestSource);
}

export const serverBuildState = (root: string): BuildState =>
  buildState(root, serverDist(root), 'server.js', SERVER_BUILD_SOURCES);

/** The bundle's address for `npm start`, built first when it is missing or stale. */
export async function serverBundleUrl(root: string): Promise<string> {
  if (serverBuildState(root) !== 'current') {
    console.log('Sestavuji server…');
    // In a process of its own: the bundler's memory (some 350 MiB) would stay with the server run next.
    const build = spawnSync(process.execPath, [fileURLToPath(import.meta.url), root], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`Sestavení serveru selhalo (kód ${build.status}).`);
  }
  return pathToFileURL(serverBundle(root)).href;
}

// Run as a script (`node scripts/server-build.ts <root>`, as serverBundleUrl does): builds the bundle.
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer(process.argv[2] ?? process.cwd());
