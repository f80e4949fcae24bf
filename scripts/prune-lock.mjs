// The npm registry reachable here lacks some platform builds of optional dependencies (e.g. Biome's
// macOS and Windows CLIs), so npm leaves them out of package-lock.json but keeps them listed, and
// `npm ci` then refuses the lock. This drops the listing of optional dependencies the lock lacks.
// Run after every `npm install` that changes package-lock.json: `node scripts/prune-lock.mjs`.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const removed = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${dependency}`;
    if (!lock.packages[`node_modules/${dependency}`] && !lock.packages[nested]) {
      delete entry.optionalDependencies[dependency];
      removed.push(`${location} → ${dependency}`);
    }
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(removed.length ? `pruned:\n${removed.join('\n')}` : 'nothing to prune');
