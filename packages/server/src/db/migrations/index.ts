import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely/migration';
import type { TableModel } from '../table-model.ts';

/** A migration module; generated ones also record every entity table as it is after them. */
export interface MigrationModule extends Migration {
  schema?: TableModel[];
}

/** `YYYY-MM-DD-NNN-what.ts`: the names sort in the order the migrations run and never collide. */
export const MIGRATION_FILE = /^(\d{4}-\d{2}-\d{2}-\d{3})-[a-z0-9-]+\.ts$/;

export const MIGRATIONS_DIR = import.meta.dirname;

/** Every migration in this folder, by name in order. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Record<string, MigrationModule>> {
  const files = fs
    .readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort();
  const migrations: Record<string, MigrationModule> = {};
  for (const file of files) {
    migrations[file.replace(/\.ts$/, '')] = await import(pathToFileURL(path.join(dir, file)).href);
  }
  return migrations;
}

/** The entity tables as the latest migration that recorded them left them. */
export function latestSchema(migrations: Record<string, MigrationModule>): TableModel[] {
  return (
    Object.values(migrations)
      .reverse()
      .find((migration) => migration.schema)?.schema ?? []
  );
}
