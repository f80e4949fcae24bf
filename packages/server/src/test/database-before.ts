import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import { latestSchema, loadMigrations } from '../db/migration-files.ts';
import type { TableModel } from '../db/migration-kit.ts';
import type { DynamicDb } from '../engine/records/records.repository.ts';
import { createPostgresSchema, type PostgresSchema } from './test-app.ts';

/** A fresh database migrated up to the migration before `migration`, for a test of that migration. */
export interface DatabaseBefore {
  handle: DatabaseHandle;
  db: DynamicDb;
  /** The tables as they were then: what rows inserted before the migration must fill. */
  models: TableModel[];
  close(): Promise<void>;
}

export async function databaseBefore(engine: Engine, migration: string): Promise<DatabaseBefore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-migration-'));
  const pgSchema: PostgresSchema | undefined =
    engine === 'postgres' ? await createPostgresSchema(process.env.TEST_DATABASE_URL!) : undefined;
  const handle = openDatabase({
    dataDir,
    ...(pgSchema ? { databaseUrl: process.env.TEST_DATABASE_URL, schema: pgSchema.schema } : {}),
  });
  const migrations = await loadMigrations();
  const names = Object.keys(migrations);
  const index = names.indexOf(migration);
  if (index < 1) throw new Error(`no migration before ${migration}`);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(pgSchema ? { migrationTableSchema: pgSchema.schema } : {}),
  });
  const { error } = await migrator.migrateTo(names[index - 1]!);
  if (error) throw error;
  const models = latestSchema(
    Object.fromEntries(names.slice(0, index).map((name) => [name, migrations[name]!])),
  );
  const close = async () => {
    await handle.close();
    await pgSchema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { handle, db: handle.db as unknown as DynamicDb, models, close };
}
