import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareTables, introspectTable } from '../db/migration-kit.ts';
import type { CompiledEntity } from '../engine/declaration/compile-entity.ts';
import type { EntityRegistry } from '../engine/declaration/registry.ts';
import { recordColumns } from '../engine/list/pages.ts';
import { type Row, toRecord } from '../engine/records/record-mapper.ts';
import { registryTables } from '../engine/schema/entity-schema.ts';
import { planMigration, renderMigration } from '../engine/schema/migration-generator.ts';
import type { TestApp } from './test-app.ts';

/** How the live tables differ from what the entities' declarations imply, each difference named. */
export async function tableDifferences(t: TestApp, entities: EntityRegistry): Promise<string[]> {
  const found: string[] = [];
  for (const table of registryTables(entities)) {
    found.push(...compareTables(table, await introspectTable(t.db, table.name), t.engine));
  }
  return found;
}

/**
 * Generates the migration from the tables `before` implies to those `after` implies, as
 * `npm run migration:generate` writes it (against the newest kit), and runs it. Returns its steps.
 */
export async function runGeneratedMigration(t: TestApp, before: EntityRegistry, after: EntityRegistry) {
  const steps = planMigration(registryTables(before), registryTables(after));
  const kit = pathToFileURL(path.join(import.meta.dirname, '../db/migration-kit.ts')).href;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-migration-')), 'generated.ts');
  fs.writeFileSync(file, renderMigration(steps, registryTables(after), { kit }));
  const migration = await import(pathToFileURL(file).href);
  await migration.up(t.db);
  return steps.map((step) => `${step.action} ${step.table}${step.refresh ? ' + refresh' : ''}`);
}

/** Columns toRecord reads that a list's select (recordColumns) leaves out: none for a sound entity. */
export function columnsReadButNotSelected(entity: CompiledEntity): string[] {
  const selected = new Set(recordColumns(entity));
  const read = new Set<string>();
  // A row that notes each column read and answers with a value, so that no branch stops early.
  const row = new Proxy({} as Row, {
    get(_target, key) {
      read.add(String(key));
      return key === 'id' || key === 'version' ? 1 : 'x';
    },
  });
  toRecord(entity, row);
  return [...read].filter((column) => !selected.has(column));
}
