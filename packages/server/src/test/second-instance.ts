import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { TestApp } from './test-app.ts';

export interface SecondInstance {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Another instance of the app on the database of `t`, with its own connections: two servers sharing
 * one PostgreSQL schema, or two processes sharing one SQLite file. Not listening; call its routes
 * through `app.inject` or its decorators. `overrides` change its configuration (its own DATA_DIR for
 * files: the database stays the one of `t`).
 */
export async function startSecondInstance(
  t: TestApp,
  overrides: Partial<AppConfig> = {},
): Promise<SecondInstance> {
  const postgres = t.engine === 'postgres';
  const schema = postgres
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema
    : undefined;
  const database = openDatabase({
    databaseUrl: postgres ? process.env.TEST_DATABASE_URL : undefined,
    dataDir: t.config.dataDir,
    ...(schema ? { schema } : {}),
  });
  const app = await buildApp({
    config: { ...t.config, ...overrides },
    database,
    logger: false,
    entities: t.declarations,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
