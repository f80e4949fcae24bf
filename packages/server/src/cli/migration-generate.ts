/**
 * `npm run migration:generate [-- name]`: writes the migration that brings the database from the
 * tables the latest migration recorded to the tables the entity declarations imply now.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { latestSchema, loadMigrations, MIGRATION_FILE, MIGRATIONS_DIR } from '../db/migration-files.ts';
import { MIGRATION_KIT } from '../db/migration-kit.ts';
import { compileRegistry } from '../engine/declaration/registry.ts';
import { registryTables } from '../engine/schema/entity-schema.ts';
import { planMigration, renderMigration } from '../engine/schema/migration-generator.ts';
import { DECLARATIONS } from '../modules/entities.ts';

const name = (process.argv[2] ?? 'entities')
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-|-$/g, '');
const migrations = await loadMigrations();
const next = registryTables(compileRegistry(DECLARATIONS));
const steps = planMigration(latestSchema(migrations), next);
if (steps.length === 0) {
  console.log('The migrations already give every table its declared shape; nothing to generate.');
  process.exit(0);
}

const today = new Date().toISOString().slice(0, 10);
const sequence =
  Math.max(
    0,
    ...Object.keys(migrations).map((file) => Number(MIGRATION_FILE.exec(`${file}.ts`)![1]!.slice(11))),
  ) + 1;
const file = path.join(MIGRATIONS_DIR, `${today}-${String(sequence).padStart(3, '0')}-${name}.ts`);
const code = renderMigration(steps, next, { kit: `./kit/${MIGRATION_KIT}/index.ts` });
fs.writeFileSync(file, code);
spawnSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' });
console.log(`Wrote ${path.relative(process.cwd(), file)}:`);
for (const step of steps) console.log(`  ${step.action} ${step.table}: ${step.reasons.join('; ')}`);
