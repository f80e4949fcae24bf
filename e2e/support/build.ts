import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WEB_DIR, WEB_DIST } from './paths.ts';

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Builds packages/web when dist is missing or older than its sources (the server serves dist). */
export function ensureWebBuilt(): void {
  const index = path.join(WEB_DIST, 'index.html');
  const sources = ['src', 'build', 'index.html', 'vite.config.ts'].map((entry) => path.join(WEB_DIR, entry));
  const fresh =
    fs.existsSync(index) &&
    fs.statSync(index).mtimeMs >=
      Math.max(...sources.filter((entry) => fs.existsSync(entry)).map(newestMtime));
  if (fresh) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@klubovna/web'], {
    env: { ...process.env, NODE_ENV: 'production' },
    cwd: path.resolve(WEB_DIR, '..', '..'),
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`Building the web app failed:\n${result.stdout}\n${result.stderr}`);
  }
}
