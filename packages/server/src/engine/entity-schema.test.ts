import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { introspectTable } from '../db/introspect.ts';
import { latestSchema, loadMigrations } from '../db/migrations/index.ts';
import { compareTables } from '../db/table-model.ts';
import { DECLARATIONS } from '../modules/entities.ts';
import { memberEntity } from '../modules/members/member.entity.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';
import { czechSortKey } from './czech-text.ts';
import type { EntityDeclaration } from './entity.types.ts';
import { registryTables } from './entity-schema.ts';
import { planMigration, renderMigration } from './migration-generator.ts';
import { compileRegistry, type EntityRegistry } from './registry.ts';

const here = import.meta.dirname;

/** The members declaration as a developer might change it: a new searched field, a longer phone, no unique number. */
const changedMember: EntityDeclaration = {
  ...memberEntity,
  fields: {
    ...memberEntity.fields,
    phone: { ...memberEntity.fields.phone!, maxLength: 40 },
    registrationNumber: { ...memberEntity.fields.registrationNumber!, unique: false },
    nickname: { kind: 'text', label: 'Přezdívka', required: true, maxLength: 60 },
  },
  searchFields: [...memberEntity.searchFields, 'nickname'],
};

const badge: EntityDeclaration = {
  alias: 'test-badge',
  table: 'test_badges',
  labels: { singular: 'Odznak', plural: 'Odznaky' },
  area: 'members',
  fields: {
    title: { kind: 'text', label: 'Název', required: true },
    holder: { kind: 'relation', label: 'Držitel', relation: { alias: 'member' } },
    witnesses: { kind: 'relationMany', label: 'Svědci', relation: { alias: 'member', onDelete: 'cascade' } },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
};

async function differences(t: TestApp, entities: EntityRegistry): Promise<string[]> {
  const found: string[] = [];
  for (const table of registryTables(entities)) {
    found.push(...compareTables(table, await introspectTable(t.db, table.name), t.engine));
  }
  return found;
}

describe('the product’s declarations', () => {
  it('each names its records in sentences with the accusative of its noun (`Smazat člena …?`)', () => {
    const missing = DECLARATIONS.filter((declaration) => !declaration.labels.accusative).map(
      (declaration) => declaration.alias,
    );
    expect(missing).toEqual([]);
  });
});

describe('migrations generated from declarations', () => {
  it('the latest migration records the tables the declarations imply (else run `npm run migration:generate`)', async () => {
    const steps = planMigration(
      latestSchema(await loadMigrations()),
      registryTables(compileRegistry(DECLARATIONS)),
    );
    expect(steps.flatMap((step) => step.reasons)).toEqual([]);
  });
});

describe.each(testEngines())('declared tables on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('every table the migrations build on an empty database is what its declaration implies', async () => {
    expect(await differences(t, t.app.entities)).toEqual([]);
  });

  it('names what a changed declaration needs, and its generated migration brings the tables there with the rows kept', async () => {
    const root = await t.signedInAsRoot();
    for (const [firstName, lastName, registrationNumber] of [
      ['Šárka', 'Řezníčková', 'A-1'],
      ['Jan', 'Čermák', 'A-2'],
    ]) {
      const response = await root.post('/api/cms/form/member', { firstName, lastName, registrationNumber });
      expect(response.status, response.text).toBe(201);
    }
    const changed = compileRegistry([
      ...DECLARATIONS.map((declaration) => (declaration.alias === 'member' ? changedMember : declaration)),
      badge,
    ]);
    expect(await differences(t, changed)).toEqual(
      expect.arrayContaining([
        'members.phone: is varchar(30), the declaration implies varchar(40)',
        'members.registration_number: is varchar(40) unique, the declaration implies varchar(40)',
        'members.nickname: the column is missing',
        'test_badges: the table is missing',
        'test_badges_witnesses: the table is missing',
      ]),
    );

    const steps = planMigration(registryTables(t.app.entities), registryTables(changed));
    expect(steps.map((step) => `${step.action} ${step.table}${step.refresh ? ' + refresh' : ''}`)).toEqual([
      'alter members + refresh',
      'create test_badges',
      'create test_badges_witnesses',
    ]);
    const url = (file: string) => pathToFileURL(path.join(here, file)).href;
    const code = renderMigration(steps, registryTables(changed), {
      imports: {
        schemaApply: url('../db/schema-apply.ts'),
        tableModel: url('../db/table-model.ts'),
        derivedColumns: url('./derived-columns.ts'),
      },
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-migration-')), 'generated.ts');
    fs.writeFileSync(file, code);
    const migration = await import(pathToFileURL(file).href);
    await migration.up(t.db);

    expect(await differences(t, changed)).toEqual([]);
    const rows = await t.db
      .selectFrom('members' as never)
      .select(['last_name', 'registration_number', 'nickname', 'nickname_sort', 'search_text'] as never[])
      .orderBy('id' as never)
      .execute();
    expect(rows).toEqual([
      {
        last_name: 'Řezníčková',
        registration_number: 'A-1',
        nickname: '',
        nickname_sort: czechSortKey(''),
        search_text: 'reznickova sarka a-1',
      },
      {
        last_name: 'Čermák',
        registration_number: 'A-2',
        nickname: '',
        nickname_sort: czechSortKey(''),
        search_text: 'cermak jan a-2',
      },
    ]);
  });
});
