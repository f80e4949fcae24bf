#!/usr/bin/env node
// Prints, as JSON, the gzipped size of the JavaScript that /admin/login needs, read from Vite's manifest:
// the entry with its static imports, plus the lazily loaded auth zone (and its static imports) that
// renders the sign-in form. `entryJsGzipBytes` is the entry closure alone; `idlePreloadJsGzipBytes` is
// the API client (axios), fetched once the page is idle or on the first request, reported for
// transparency.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}; run \`npm run build -w @klubovna/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** Manifest keys of a chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

function gzipBytes(keys) {
  const files = [
    ...new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))),
  ];
  const sizes = files.map((file) => {
    const content = fs.readFileSync(path.join(dist, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return { total: sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0), sizes };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}
const authZoneKey = Object.keys(manifest).find((key) => key.endsWith('zones/auth/auth.zone.ts'));
const apiClientKey = Object.keys(manifest).find((key) => key.endsWith('api/http-client.ts'));

const entryKeys = closure(entryKey);
const loginKeys = authZoneKey ? closure(authZoneKey, new Set(entryKeys)) : entryKeys;
const entry = gzipBytes(entryKeys);
const login = gzipBytes(loginKeys);
const idle = apiClientKey
  ? gzipBytes([...closure(apiClientKey)].filter((key) => !loginKeys.has(key)))
  : undefined;
const otherZones = [...loginKeys].filter(
  (key) => /zones\/(?!auth\/)/.test(key) || key.includes('app/shell/'),
);

console.log(
  JSON.stringify(
    {
      loginJsGzipBytes: login.total,
      entryJsGzipBytes: entry.total,
      idlePreloadJsGzipBytes: idle?.total ?? 0,
      loadsOtherZonesOrShell: otherZones.length > 0,
      files: login.sizes,
    },
    null,
    2,
  ),
);
