import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { latestSchema, MIGRATIONS_DIR, type MigrationModule } from '../../db/migration-files.ts';
import { MIGRATION_KIT, type TableModel } from '../../db/migration-kit.ts';
import { planMigration, renderMigration } from './migration-generator.ts';

const here = import.meta.dirname;
const url = (file: string) => pathToFileURL(path.join(here, file)).href;

const table = (name: string, ...columns: string[]): TableModel => ({
  name,
  columns: [
    { name: 'id', type: 'id', notNull: true },
    ...columns.map((column) => ({ name: column, type: 'text' as const })),
  ],
  indexes: [],
});

async function generated(previous: TableModel[], next: TableModel[]): Promise<MigrationModule> {
  const code = renderMigration(planMigration(previous, next), next, {
    kit: url('../../db/migration-kit.ts'),
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-migration-')), 'generated.ts');
  fs.writeFileSync(file, code);
  return import(pathToFileURL(file).href);
}

describe('generated migrations record only what they change', () => {
  it('keeps the tables a migration creates or alters and names the ones it drops; folding them gives the latest tables', async () => {
    const first = await generated([], [table('a', 'x'), table('b'), table('c')]);
    expect(first.schema?.map((model) => model.name)).toEqual(['a', 'b', 'c']);

    const second = await generated(latestSchema({ first }), [table('a', 'x', 'y'), table('c'), table('d')]);
    expect(second.schema?.map((model) => model.name).sort()).toEqual(['a', 'd']);
    expect(second.dropped).toEqual(['b']);

    const latest = latestSchema({ first, second });
    expect(latest.map((model) => model.name).sort()).toEqual(['a', 'c', 'd']);
    expect(latest.find((model) => model.name === 'a')?.columns.map((column) => column.name)).toEqual([
      'id',
      'x',
      'y',
    ]);
    expect(planMigration(latest, [table('a', 'x', 'y'), table('c'), table('d')])).toEqual([]);
  });
});

describe('generated migrations import the newest migration kit', () => {
  it('names the newest kit folder as the one new migrations are written against', () => {
    const versions = fs
      .readdirSync(path.join(MIGRATIONS_DIR, 'kit'))
      .filter((name) => /^v\d+$/.test(name))
      .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    expect(MIGRATION_KIT).toBe(versions.at(-1));
  });

  it('imports Kysely and the kit it is given, nothing else', () => {
    const code = renderMigration(planMigration([table('a')], [table('a', 'x'), table('b')]), [], {
      kit: './kit/v7/index.ts',
    });
    expect(code.match(/^import .*$/gm)).toEqual([
      "import type { Kysely } from 'kysely';",
      "import { alterTable, createTable, type TableModel } from './kit/v7/index.ts';",
    ]);
  });
});
