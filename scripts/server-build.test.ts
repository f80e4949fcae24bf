import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresSchema, type PostgresSchema } from '../packages/server/src/test/test-app.ts';
import { leftExternal, removePreviousBuilds, serverBuildState, serverBundleUrl } from './server-build.ts';

const repository = path.resolve(import.meta.dirname, '..');

describe('whether npm start rebuilds the server bundle', () => {
  let root: string;
  const write = (file: string, at: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    fs.utimesSync(full, at / 1000, at / 1000);
  };
  /** A bundle as the build leaves it: built from the sources as they were an hour ago. */
  const built = () => {
    write('packages/server/dist/server.js', Date.now());
    fs.writeFileSync(
      path.join(root, 'packages/server/dist/built-from.json'),
      JSON.stringify({ newestSource: Date.now() - 3600_000 }),
    );
  };
  const yesterday = Date.now() - 24 * 3600_000;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-server-build-'));
    write('packages/server/src/server.ts', yesterday);
    write('packages/server/src/db/migrations/2026-11-27-026-signup-fees.ts', yesterday);
    write('packages/shared/src/index.ts', yesterday);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds when there is no bundle, and not again while no source changed', () => {
    expect(serverBuildState(root)).toBe('missing');
    built();
    expect(serverBuildState(root)).toBe('current');
  });

  it('rebuilds when a source of the server or of shared, or the lock file, is newer', () => {
    const files = ['packages/server/src/db/migrations/2027-01-01-001-new.ts', 'packages/shared/src/index.ts'];
    for (const file of [...files, 'package-lock.json']) {
      built();
      write(file, Date.now());
      expect(serverBuildState(root), file).toBe('stale');
    }
    fs.rmSync(path.join(root, 'packages/server/dist/built-from.json'));
    expect(serverBuildState(root)).toBe('stale');
  });

  it('leaves tests beside the sources out', () => {
    built();
    write('packages/server/src/app.test.ts', Date.now());
    expect(serverBuildState(root)).toBe('current');
  });

  it("keeps a previous build's chunks a day, for instances started from it", () => {
    const twoDaysAgo = Date.now() - 48 * 3600_000;
    write('packages/server/dist/server.js', twoDaysAgo);
    write('packages/server/dist/app-old.js', twoDaysAgo);
    write('packages/server/dist/app-recent.js', Date.now() - 3600_000);
    removePreviousBuilds(path.join(root, 'packages/server/dist'), new Set(['server.js']));
    expect(fs.readdirSync(path.join(root, 'packages/server/dist')).sort()).toEqual([
      'app-recent.js',
      'server.js',
    ]);
  });
});

describe('what the bundle leaves to Node', () => {
  const ours = path.join(repository, 'packages/server/src/app.ts');
  const dependency = path.join(repository, 'node_modules/fastify/fastify.js');

  it('bundles our sources, Node built-ins aside, and the packages the start loads', () => {
    for (const specifier of [
      './app.ts',
      '../db/database.ts',
      'node:fs',
      'zod',
      'kysely/migration',
      '@klubovna/shared',
    ])
      expect(leftExternal(specifier, ours, repository), specifier).toBe(false);
  });

  it('leaves native addons and the packages loaded at their first use to node_modules', () => {
    for (const specifier of ['better-sqlite3', 'argon2', 'exceljs', 'csv-parse/sync', '@aws-sdk/client-s3'])
      expect(leftExternal(specifier, ours, repository), specifier).toBe(true);
  });

  it('bundles what a bundled package requires, but what it requires only on use', () => {
    expect(leftExternal('avvio', dependency, repository)).toBe(false);
    expect(leftExternal('@fastify/ajv-compiler', dependency, repository)).toBe(true);
    expect(leftExternal('light-my-request', dependency, repository)).toBe(true);
  });

  it('leaves nothing to node_modules that the bundle would not find there', () => {
    const fromBundle = createRequire(path.join(repository, 'packages/server/dist/server.js'));
    for (const name of ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'light-my-request'])
      expect(fromBundle.resolve(name), name).toContain('node_modules');
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe("npm start's bundle", () => {
  let dataDir: string;
  let database: PostgresSchema | undefined;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-bundle-'));
  });
  afterEach(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    database = undefined;
  });

  it('migrates a new database and answers', { timeout: 180_000 }, async () => {
    await expectBundleServes({ DATA_DIR: dataDir });
  });

  // The migrations are loaded from their files with the Kysely of node_modules, the database made with
  // the bundle's copy: the engine must be told apart across the two (it once was not, on PostgreSQL).
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl)
    it('migrates a new PostgreSQL database and answers', { timeout: 180_000 }, async () => {
      database = await createPostgresSchema(postgresUrl);
      await expectBundleServes({ DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl });
    });
});

/** Starts the bundle on `env`'s new database: it migrates, refuses the anonymous, signs in and exports. */
async function expectBundleServes(env: Record<string, string>) {
  const bundle = fileURLToPath(await serverBundleUrl(repository));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'bundle@klub.test',
      ADMIN_PASSWORD: 'bundle heslo 123',
      LOG_LEVEL: 'warn',
      JOB_POLL_INTERVAL: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let health: Response | undefined;
    for (let tries = 0; !health?.ok && tries < 600 && child.exitCode === null; tries++) {
      health = await fetch(`${url}/api/health`).catch(() => undefined);
      if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status, output).toBe(200);
    const members = `${url}/api/cms/datagrid/member`;
    expect((await fetch(members)).status).toBe(401);
    // Signing in loads argon2, and an export ExcelJS: packages left to node_modules, loaded on use.
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bundle@klub.test', password: 'bundle heslo 123' }),
    });
    expect(login.status, output).toBe(200);
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const saved = await fetch(`${url}/api/cms/form/member`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Běla', lastName: 'Balíková' }),
    });
    expect(saved.status, output).toBe(201);
    const found = await fetch(`${members}?s=balik`, { headers: { cookie } });
    expect(found.status, output).toBe(200);
    expect((await found.json()).data.total).toBe(1);
    const xlsx = await fetch(`${members}/export?format=xlsx`, { headers: { cookie } });
    expect(xlsx.status, output).toBe(200);
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
