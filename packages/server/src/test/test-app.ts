import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import type { EntityDeclaration } from '../engine/declaration/entity.types.ts';
import { entityDocumentation } from '../engine/entity-openapi.ts';
import { DECLARATIONS } from '../modules/entities.ts';
import { apiDocument } from '../plugins/api-docs.ts';
import { forgetContract, registerContract } from './contract.ts';
import { createEntityTables } from './entity-tables.ts';
import { HttpClient } from './http-client.ts';

export const TEST_ADMIN = { email: 'root@klub.test', password: 'Heslo správce 1' } as const;

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (CI sets it and REQUIRE_POSTGRES=1). */
export function testEngines(): Engine[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(
      'REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite would be skipped',
    );
  }
  return ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  url: string;
  config: AppConfig;
  db: DatabaseHandle['db'];
  engine: Engine;
  /** The declarations the app was built from (a second instance is built from the same). */
  declarations: readonly EntityDeclaration[];
  /** A fresh HTTP client with its own cookie jar. */
  client(): HttpClient;
  /** A client already signed in as the root user from ADMIN_EMAIL. */
  signedInAsRoot(): Promise<HttpClient>;
  close(): Promise<void>;
}

export interface PostgresSchema {
  schema: string;
  /** The base URL with `options=-c search_path=…`, as an operator would point a server at it. */
  databaseUrl: string;
  /** Runs SQL in the schema (public stays on the path for extensions). */
  query: (text: string) => Promise<pg.QueryResult>;
  drop: () => Promise<void>;
}

/** A PostgreSQL schema of its own, dropped with everything in it by `drop`. */
export async function createPostgresSchema(url: string): Promise<PostgresSchema> {
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(`set search_path to ${schema}, public`);
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    databaseUrl: databaseUrl.toString(),
    query: (text) => client.query(text),
    drop: async () => {
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** The entities a test app serves. */
export interface TestEntities {
  /** The product's declarations (default true); the engine's own tests serve fixtures alone. */
  product?: boolean;
  /** Declarations of the test's own (test-entities.ts), their tables created after the migrations. */
  fixtures?: readonly EntityDeclaration[];
}

/** Builds the real app on a fresh database of the given engine and serves it on a free port. */
export async function startTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
  { product = true, fixtures = [] }: TestEntities = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-test-'));
  const databaseUrl = engine === 'postgres' ? process.env.TEST_DATABASE_URL! : undefined;
  const pgSchema = databaseUrl ? await createPostgresSchema(databaseUrl) : undefined;
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      PUBLIC_URL: 'http://klub.test',
      LOG_LEVEL: 'silent',
      // Off unless a test asks: a pass at a random moment would make other tests depend on timing.
      HOUSEKEEPING_INTERVAL: '0',
      // Jobs run when a test calls app.jobs.runDue(), never on a timer.
      JOB_POLL_INTERVAL: '0',
      ...env,
    }),
    ...overrides,
  };
  const database = openDatabase({
    databaseUrl,
    dataDir,
    resultCacheTtlMs: config.datagridCacheTtlMs,
    ...(pgSchema ? { schema: pgSchema.schema } : {}),
  });
  const declarations = [...(product ? DECLARATIONS : []), ...fixtures];
  const app = await buildApp({
    config,
    database,
    logger: process.env.DEBUG_TEST_LOG ? { level: 'error' } : false,
    entities: declarations,
  });
  for (const fixture of fixtures)
    await createEntityTables(database.db, app.entities.get(fixture.alias)!, app.entities);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  registerContract(url, () => apiDocument(app, entityDocumentation(app.entities)));
  const testApp: TestApp = {
    app,
    url,
    config,
    db: database.db,
    engine,
    declarations,
    client: () => new HttpClient(url),
    async signedInAsRoot() {
      const client = new HttpClient(url);
      await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
      return client;
    },
    async close() {
      forgetContract(url);
      await app.close();
      await database.close();
      await pgSchema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
