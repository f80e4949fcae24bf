import fs from 'node:fs';
import { findPackageJSON } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely/migration';
import type { TableModel } from './migration-kit.ts';

/** A migration module; generated ones also record the entity tables they change. */
export interface MigrationModule extends Migration {
  /** The tables it creates or alters, as they are after it. */
  schema?: TableModel[];
  /** The tables it drops. */
  dropped?: string[];
}

/** `YYYY-MM-DD-NNN-what.ts`: the names sort in the order the migrations run and never collide. */
export const MIGRATION_FILE = /^(\d{4}-\d{2}-\d{2}-\d{3})-[a-z0-9-]+\.ts$/;

/**
 * The migrations, and beside them the kit they are written with (migrations/kit/). Found from the
 * package's root, as this file may run from the sources or from `npm start`'s bundle (dist/).
 */
export const MIGRATIONS_DIR = path.join(
  path.dirname(findPackageJSON(import.meta.url) as string),
  'src/db/migrations',
);

const migrationFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort();

/** The names of the migrations in this folder, in order, without loading them. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return migrationFiles(dir).map((file) => file.replace(/\.ts$/, ''));
}

/** Every migration in this folder, by name in order. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Record<string, MigrationModule>> {
  const migrations: Record<string, MigrationModule> = {};
  for (const file of migrationFiles(dir)) {
    migrations[file.replace(/\.ts$/, '')] = await import(pathToFileURL(path.join(dir, file)).href);
  }
  return migrations;
}

/** The entity tables as the migrations leave them: what each recorded, in order, drops taken out. */
export function latestSchema(migrations: Record<string, MigrationModule>): TableModel[] {
  const tables = new Map<string, TableModel>();
  for (const migration of Object.values(migrations)) {
    for (const name of migration.dropped ?? []) tables.delete(name);
    for (const table of migration.schema ?? []) tables.set(table.name, table);
  }
  return [...tables.values()];
}
