import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestSchema, loadMigrations } from '../db/migration-files.ts';
import type { EntityDeclaration } from '../engine/declaration/entity.types.ts';
import { compileRegistry } from '../engine/declaration/registry.ts';
import { czechSortKey } from '../engine/schema/czech-text.ts';
import { registryTables } from '../engine/schema/entity-schema.ts';
import { planMigration } from '../engine/schema/migration-generator.ts';
import { columnsReadButNotSelected, runGeneratedMigration, tableDifferences } from '../test/schema-checks.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';
import { DECLARATIONS } from './entities.ts';
import { memberEntity } from './members/member.entity.ts';

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

describe('the product’s declarations', () => {
  it('each names its records in sentences with the accusative of its noun (`Smazat člena …?`)', () => {
    const missing = DECLARATIONS.filter((declaration) => !declaration.labels.accusative).map(
      (declaration) => declaration.alias,
    );
    expect(missing).toEqual([]);
  });

  it('are what the latest migration records (else run `npm run migration:generate`)', async () => {
    const steps = planMigration(
      latestSchema(await loadMigrations()),
      registryTables(compileRegistry(DECLARATIONS)),
    );
    expect(steps.flatMap((step) => step.reasons)).toEqual([]);
  });

  it('read no column a list leaves out', () => {
    for (const entity of compileRegistry(DECLARATIONS).values())
      expect(columnsReadButNotSelected(entity), entity.declaration.alias).toEqual([]);
  });
});

describe.each(testEngines())('the product’s tables on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('every table the migrations build on an empty database is what its declaration implies', async () => {
    expect(await tableDifferences(t, t.app.entities)).toEqual([]);
  });

  it('a changed members declaration is named, and its generated migration brings the members there with the rows and the ranked index kept', async () => {
    const root = await t.signedInAsRoot();
    for (const [firstName, lastName, registrationNumber] of [
      ['Šárka', 'Řezníčková', 'A-1'],
      ['Jan', 'Čermák', 'A-2'],
    ]) {
      const response = await root.post('/api/cms/form/member', { firstName, lastName, registrationNumber });
      expect(response.status, response.text).toBe(201);
    }
    const changed = compileRegistry(
      DECLARATIONS.map((declaration) => (declaration.alias === 'member' ? changedMember : declaration)),
    );
    expect(await tableDifferences(t, changed)).toEqual(
      expect.arrayContaining([
        'members.phone: is varchar(30), the declaration implies varchar(40)',
        'members.registration_number: is varchar(40) unique, the declaration implies varchar(40)',
        'members.nickname: the column is missing',
      ]),
    );

    expect(await runGeneratedMigration(t, t.app.entities, changed)).toEqual(['alter members + refresh']);
    expect(await tableDifferences(t, changed)).toEqual([]);
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
    const found = await root.get('/api/cms/datagrid/member?s=cerm');
    expect(found.body.data.items.map((item: { lastName: string }) => item.lastName)).toEqual(['Čermák']);
  });
});
