import fs from 'node:fs';
import module from 'node:module';
import { ConfigError, loadConfig } from './config.ts';

// Compiled code is cached on disk, so every start after the first is quicker.
module.enableCompileCache?.();

// libuv's worker threads (file system, argon2, sharp). Each thread that has run an argon2id hash keeps
// its 19 MiB, so the default of 4 costs 76 MiB after a burst of sign-ins; 2 keep a small server's
// cores busy. Read when the pool first starts, which is after this line.
process.env.UV_THREADPOOL_SIZE ??= '2';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`Klubovna needs Node.js 22.18 or newer (24 LTS recommended); this is ${process.version}.`);
  process.exit(1);
}

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({ config });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
