// `npm start`: builds the back-office app and the server's bundle when either is missing or older than
// its sources, then starts the server from the bundle (migrations run at start).
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';

// Before the first TypeScript file is loaded: its stripped form is cached with the compiled code, so
// later starts never load Node's TypeScript stripper (14 MiB of memory).
module.enableCompileCache?.();

const root = path.resolve(import.meta.dirname, '..');
const { webBuildState } = await import('./web-build.ts');
const state = webBuildState(root);
if (state !== 'current') {
  console.log(
    state === 'missing'
      ? 'Sestavuji administraci (první spuštění)…'
      : 'Zdrojové soubory administrace jsou novější než její sestavení, sestavuji ji znovu…',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', '@klubovna/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { serverBundleUrl } = await import('./server-build.ts');
await import(await serverBundleUrl(root));
