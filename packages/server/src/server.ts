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
  const { localBaseUrl, loggerOptions, startLine } = await import('./http/logging.ts');
  const app = await buildApp({ config, logger: await loggerOptions(config) });
  const { closeGracefully } = await import('./http/shutdown.ts');
  const shutdown = async () => {
    // Whatever hangs (a pool that does not close), the process is gone a little after the grace period.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5_000).unref();
    await closeGracefully(app, config.shutdownGraceMs);
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  // Fastify's own "Server listening at" entry is replaced by the start line below.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  // Memory that heavy work left behind goes back to the system once the server is idle.
  (await import('./engine/memory/idle-release.ts')).startIdleRelease();
  // The one line a person starting the server needs, whatever the log level: where to go, and on the
  // first start how to sign in. JSON like the log lines when the output is not a terminal.
  const line = startLine(localBaseUrl(config.host, config.port), app.createdRootUser);
  process.stdout.write(
    process.stdout.isTTY
      ? `\n  ${line}\n\n`
      : `${JSON.stringify({ level: 30, time: Date.now(), msg: line })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
