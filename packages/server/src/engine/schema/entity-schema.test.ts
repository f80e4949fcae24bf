import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGeneratedMigration, tableDifferences } from '../../test/schema-checks.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testEngines } from '../../test/test-app.ts';
import { FIXTURE_ENTITIES, memberFixture, startFixtureApp } from '../../test/test-entities.ts';
import type { EntityDeclaration } from '../declaration/entity.types.ts';
import { compileRegistry } from '../declaration/registry.ts';
import { czechSortKey } from './czech-text.ts';

/** The fixture member as a developer might change it: a new searched field, a longer phone, no unique number. */
const changedMember: EntityDeclaration = {
  ...memberFixture,
  fields: {
    ...memberFixture.fields,
    phone: { ...memberFixture.fields.phone!, maxLength: 40 },
    registrationNumber: { ...memberFixture.fields.registrationNumber!, unique: false },
    nickname: { kind: 'text', label: 'Přezdívka', required: true, maxLength: 60 },
  },
  searchFields: [...memberFixture.searchFields, 'nickname'],
};

const badge: EntityDeclaration = {
  alias: 'test-badge',
  table: 'test_badges',
  labels: { singular: 'Odznak', plural: 'Odznaky' },
  area: 'members',
  screens: 'api-only',
  fields: {
    title: { kind: 'text', label: 'Název', required: true },
    holder: { kind: 'relation', label: 'Držitel', relation: { alias: 'test-member' } },
    witnesses: {
      kind: 'relationMany',
      label: 'Svědci',
      relation: { alias: 'test-member', onDelete: 'cascade' },
    },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
};

describe.each(testEngines())('a changed declaration on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFixtureApp(engine);
  });
  afterAll(() => t.close());

  it('names what it needs, and its generated migration brings the tables there with the rows kept', async () => {
    const root = await t.signedInAsRoot();
    for (const [firstName, lastName, registrationNumber] of [
      ['Šárka', 'Řezníčková', 'A-1'],
      ['Jan', 'Čermák', 'A-2'],
    ]) {
      const response = await root.post('/api/cms/form/test-member', {
        firstName,
        lastName,
        registrationNumber,
      });
      expect(response.status, response.text).toBe(201);
    }
    expect(await tableDifferences(t, t.app.entities)).toEqual([]);
    const changed = compileRegistry([
      ...FIXTURE_ENTITIES.map((declaration) =>
        declaration.alias === 'test-member' ? changedMember : declaration,
      ),
      badge,
    ]);
    expect(await tableDifferences(t, changed)).toEqual(
      expect.arrayContaining([
        'test_members.phone: is varchar(30), the declaration implies varchar(40)',
        'test_members.registration_number: is varchar(40) unique, the declaration implies varchar(40)',
        'test_members.nickname: the column is missing',
        'test_badges: the table is missing',
        'test_badges_witnesses: the table is missing',
      ]),
    );

    expect(await runGeneratedMigration(t, t.app.entities, changed)).toEqual([
      'alter test_members + refresh',
      'create test_badges',
      'create test_badges_witnesses',
    ]);
    expect(await tableDifferences(t, changed)).toEqual([]);
    const rows = await t.db
      .selectFrom('test_members' as never)
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
