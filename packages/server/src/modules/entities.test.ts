import { ROUTES } from '@klubovna/shared';
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
import { medicalCheckEntity } from './medical/medical-check.entity.ts';
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

/** Every screen path the product has, plus the public site's renewal page. */
const SCREEN_PATHS = [
  ...['/', '/obnova-hesla/[token]', '/admin', '/admin/login', '/admin/logout', '/admin/forgotten-password'],
  ...['/admin/renew-password/[token]', '/admin/user/profile', '/admin/admin', '/admin/users'],
  ...['/admin/clenove', '/admin/kategorie', '/admin/skupiny', '/admin/clenove-skupiny'].flatMap(crud),
  '/admin/clenove/hromadne-parovani',
  '/admin/rejstrik-sportu',
  '/admin/platby/vypisy/nahrat',
  // Guardians of minors and members' consents (beside the specification's member zone).
  ...['/admin/zakonni-zastupci', '/admin/souhlasy', '/admin/lekarske-prohlidky'].flatMap(crud),
  '/admin/clenove-skupiny/hromadne-nastaveni-skupiny',
  ...['/admin/treninky', '/admin/soustredeni', '/admin/zavody'].flatMap(crud),
  ...['/admin/obsah/clanky', '/admin/obsah/clanek/create', '/admin/obsah/clanek/edit'],
  ...['/admin/obsah/autori', '/admin/obsah/autor/create', '/admin/obsah/autor/edit'],
  ...['/admin/obsah/tagy', '/admin/obsah/tag/create', '/admin/obsah/tag/edit'],
  ...crud('/admin/obsah/kategorie'),
  ...['/admin/uzivatele', '/admin/uzivatel/create', '/admin/uzivatel/edit'],
  // Background jobs' recent runs and failures (read-only: its form is where a run is read in full).
  ...crud('/admin/uzivatele/ulohy'),
  ...['/admin/uzivatel/pozvanka', '/admin/uzivatel/zmena-hesla', '/admin/web/konfigurace'],
  ...['/admin/web/udalosti', '/admin/web/team', '/admin/web/sponzori'].flatMap(crud),
  // The product's own beside the specification's: the training zone's tools, the trash, the import,
  // the own page of a member, parent or trainer, the confirmation of an own e-mail change.
  ...['serie', 'kalendar', 'dochazka', 'statistiky'].map((slug) => `/admin/treninky/${slug}`),
  ...['/admin/kos', '/admin/import', '/admin/muj-klub', '/admin/potvrzeni-emailu/[token]'],
  // Money: payment requests and the bank transactions that settle them.
  ...['/admin/platby', '/admin/platby/poplatky', '/admin/platby/vypisy'].flatMap(crud),
];

function crud(list: string): string[] {
  return [list, `${list}/create`, `${list}/edit`];
}

describe('the product’s declarations', () => {
  it('with the route table, give every screen path of the product once, and nothing else', () => {
    const screens = [...compileRegistry(DECLARATIONS).values()].flatMap((entity) => entity.screenRoutes);
    const paths = [...ROUTES, ...screens].map((route) => route.path);
    expect([...paths].sort()).toEqual([...SCREEN_PATHS].sort());
    const names = [...ROUTES, ...screens].map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('each say which screens they have, or that they have none (`api-only`); one saying neither is refused', () => {
    const apiOnly = DECLARATIONS.filter((declaration) => declaration.screens === 'api-only').map(
      (declaration) => declaration.alias,
    );
    expect(apiOnly.sort()).toEqual([
      'attendance',
      'camp-participant',
      'group-calendar',
      'profile-member',
      'race-participant',
      'reminder-delivery',
      'web-configuration',
    ]);
    const { screens: _screens, ...unsaid } = memberEntity;
    expect(() => compileRegistry([unsaid as EntityDeclaration])).toThrow(
      "Entity member declares neither its screens nor screens: 'api-only'",
    );
  });

  it('refuse a filter choice left to another list that names no value of that list’s filter', () => {
    const { validity } = medicalCheckEntity.filters!;
    const wrong = {
      ...medicalCheckEntity,
      filters: { validity: { ...validity!, elsewhere: [{ ...validity!.elsewhere![0]!, value: 'someday' }] } },
    };
    const declarations = DECLARATIONS.map((declaration) =>
      declaration === medicalCheckEntity ? wrong : declaration,
    );
    expect(() => compileRegistry(declarations)).toThrow(
      "medical-check: filter validity's choice Chybí (závodníci) names no value someday of member's filter medical",
    );
    expect(() => compileRegistry(DECLARATIONS)).not.toThrow();
  });

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
