import {
  API_PATHS,
  apiPath,
  type EntityRecord,
  type ImportOptions,
  type ImportPreview,
  PROFILE_ROLE,
} from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledEntity } from '../engine/declaration/compile-entity.ts';
import type { EntityRegistry } from '../engine/declaration/registry.ts';
import { importableFields } from '../engine/import/import-columns.ts';
import { createUser } from '../test/fixtures.ts';
import { type FieldValue, type RecordIds, seedEveryEntity, validValue } from '../test/fuzz/entity-values.ts';
import type { HttpClient } from '../test/http-client.ts';
import { type TestApp, testEngines } from '../test/test-app.ts';
import { startTestAppWithFixtures } from '../test/test-entities.ts';
import { getBytes } from '../test/xlsx-reader.ts';

const FORMATS = ['csv', 'xlsx'] as const;
const FORMULA_STARTS = ['=', '+', '-', '@'];
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * Values that once came back changed from an export and import: text starting with = + - @ (defused
 * in CSV), phone numbers with a plus, quotes, semicolons, commas (in the labels relations are found
 * by), line breaks, diacritics, negative numbers, money in another currency, date-times with seconds,
 * enum options other than the default.
 */
const provokingValue: FieldValue = (field, ids, index) => {
  const plain = validValue(field, ids, index);
  const formula = FORMULA_STARTS[index % FORMULA_STARTS.length];
  const within = (value: number) => Math.max(field.min ?? value, Math.min(field.max ?? value, value));
  switch (field.kind) {
    case 'text':
      if (field.pattern) return plain;
      return `${formula}${plain} "Ž"; kůň, ${index}`.slice(0, field.maxLength ?? 255);
    case 'longText':
      return `${formula}${plain} řádek\n"dva"; tři, čtyři\n\tpět`;
    case 'richText':
      return `<p>${formula}${plain} "Ž"; kůň, <strong>tučně</strong></p>`;
    case 'phone':
      return index % 2 === 0 ? '+420 777 111 222' : '+420777111222';
    case 'integer':
      return within(-5);
    case 'decimal':
      return within(-2.75);
    case 'money':
      return { amount: within(123_456), currency: index % 2 === 0 ? 'EUR' : 'CZK' };
    case 'dateTime':
      return new Date(Date.parse(String(plain)) + 45_000).toISOString();
    case 'boolean':
      return index % 2 === 1;
    case 'enum':
      return field.options?.[(index + 1) % field.options.length]?.value ?? null;
    case 'multiEnum':
      return (field.options ?? []).slice(0, 2).map((option) => option.value);
    default:
      return plain;
  }
};

/**
 * A file cannot point at its own rows (the import finds related records among those that exist
 * before it): relations of an entity to itself stay empty.
 */
function noSelfRelations(entities: EntityRegistry): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    [...entities.values()].map((entity) => [
      entity.declaration.alias,
      Object.fromEntries(
        entity.relationFields
          .filter((field) => field.relation!.alias === entity.declaration.alias)
          .map((field) => [field.name, field.kind === 'relationMany' ? [] : null]),
      ),
    ]),
  );
}

/** Every entity after the entities its relations point at, so that a related record exists first. */
function inRelationOrder(entities: EntityRegistry): CompiledEntity[] {
  const ordered: CompiledEntity[] = [];
  const pending = [...entities.values()];
  while (pending.length > 0) {
    const index = pending.findIndex((entity) =>
      entity.relationFields.every(
        (field) =>
          field.relation!.alias === entity.declaration.alias ||
          ordered.some((done) => done.declaration.alias === field.relation!.alias),
      ),
    );
    if (index < 0) throw new Error(`relations in a circle: ${pending.map((e) => e.declaration.alias)}`);
    ordered.push(...pending.splice(index, 1));
  }
  return ordered;
}

/**
 * What an import can carry of a record: every importable field, related records by their labels (a
 * relation to many as a set: its order follows the ids, which differ between databases).
 */
function importable(entity: CompiledEntity, record: EntityRecord): Record<string, unknown> {
  return Object.fromEntries(
    importableFields(entity).map((field) => {
      const labels = record._labels?.[field.name];
      return [
        field.name,
        field.relation ? (Array.isArray(labels) ? labels.toSorted() : labels) : record[field.name],
      ];
    }),
  );
}

async function records(client: HttpClient, entity: CompiledEntity) {
  const response = await client.get(`/api/cms/datagrid/${entity.declaration.alias}?limit=100`);
  expect(response.status, response.text).toBe(200);
  return (response.body.data.items as EntityRecord[]).map((record) => importable(entity, record));
}

const inAnyOrder = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(row)).sort();

function importInto(client: HttpClient, alias: string, file: Buffer, name: string, options?: ImportOptions) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  if (options) form.append('options', JSON.stringify(options));
  const path = apiPath(options ? API_PATHS.importRun : API_PATHS.importPreview, { alias });
  return client.request('POST', path, undefined, { rawBody: form, headers: XHR });
}

/**
 * Exports the entity's list, imports the file as the import screen would (the columns it guesses,
 * which must be every field it can fill) and answers the import's report.
 */
async function exportAndImport(
  from: HttpClient,
  into: HttpClient,
  entity: CompiledEntity,
  format: (typeof FORMATS)[number],
  matchBy: string | null,
) {
  const alias = entity.declaration.alias;
  const exported = await getBytes(from, `/api/cms/datagrid/${alias}/export?format=${format}`);
  expect(exported.status, alias).toBe(200);
  const name = `${alias}.${format}`;
  const preview: ImportPreview = (await importInto(into, alias, exported.bytes, name)).body.data;
  const guessed = Object.values(preview.guessed).filter(Boolean).sort();
  expect(guessed, `${alias}: every field an import fills is a column of the export`).toEqual(
    preview.fields.map((field) => field.name).sort(),
  );
  const run = await importInto(into, alias, exported.bytes, name, { mapping: preview.guessed, matchBy });
  expect(run.status, `${alias}: ${run.text}`).toBe(200);
  return run.body.data;
}

describe.each(testEngines())('export and import of every entity on %s', (engine) => {
  let source: TestApp;
  let root: HttpClient;
  let ids: RecordIds;

  beforeAll(async () => {
    source = await startTestAppWithFixtures(engine);
    root = await source.signedInAsRoot();
    // The first root account is made with a first name only, which its own form would refuse.
    const [me] = (await root.get('/api/cms/datagrid/user')).body.data.items;
    const named = await root.put(`/api/cms/form/user/${me.id}`, {
      lastName: '@Správcová',
      version: me.version,
    });
    expect(named.status, named.text).toBe(200);
    // A pairing names a profile: an account with only the lowest role.
    const profile = await createUser(source, {
      roles: [PROFILE_ROLE],
      firstName: '=Šárka',
      lastName: '+Nová',
    });
    ids = await seedEveryEntity(
      root,
      source.app.entities,
      3,
      { ...noSelfRelations(source.app.entities), 'profile-member': { profile: profile.id } },
      { 'web-configuration': 1 },
      provokingValue,
    );
  }, 120_000);
  afterAll(() => source.close());

  it.each(FORMATS)(
    'fills an empty database from the %s exports of every entity with the same values',
    async (format) => {
      const target = await startTestAppWithFixtures(engine);
      try {
        const into = await target.signedInAsRoot();
        // Accounts are made on their own screen, never by an import (which may change them): the
        // same accounts first, in the same order, so that a pairing's profile names the same one.
        const accounts = (await root.get('/api/cms/datagrid/user?limit=100')).body.data.items.sort(
          (a: EntityRecord, b: EntityRecord) => a.id - b.id,
        );
        for (const account of accounts.slice(1))
          await createUser(target, { ...account, roles: account.roles, active: account.active });
        for (const entity of inRelationOrder(source.app.entities)) {
          const alias = entity.declaration.alias;
          // Nobody imports a read-only entity's records: the app writes them.
          if (entity.declaration.readOnly) continue;
          const isAccount = alias === 'user';
          const report = await exportAndImport(root, into, entity, format, isAccount ? 'email' : null);
          // Every record of the export: those seeded and those the app made beside them (the payment
          // requests of the seeded sign-ups, which the imported sign-ups do not make again).
          const count = isAccount ? accounts.length : (await records(root, entity)).length;
          expect(count, alias).toBeGreaterThanOrEqual(ids.get(alias)?.length ?? 0);
          expect(report, alias).toMatchObject({ errors: [], [isAccount ? 'updated' : 'created']: count });
          // The same records; those the list's sort does not tell apart may come in another order.
          expect(inAnyOrder(await records(into, entity)), alias).toEqual(
            inAnyOrder(await records(root, entity)),
          );
        }
      } finally {
        await target.close();
      }
    },
    300_000,
  );

  it.each(FORMATS)(
    'changes nothing when the %s export of an entity with a unique field is imported back over it',
    async (format) => {
      const keyed = [...source.app.entities.values()].filter((entity) =>
        importableFields(entity).some((field) => field.unique),
      );
      expect(keyed.length).toBeGreaterThan(3);
      for (const entity of keyed) {
        const matchBy = importableFields(entity).find((field) => field.unique)!.name;
        const before = await records(root, entity);
        const report = await exportAndImport(root, root, entity, format, matchBy);
        expect(report, entity.declaration.alias).toMatchObject({
          errors: [],
          created: 0,
          updated: before.length,
        });
        expect(await records(root, entity), entity.declaration.alias).toEqual(before);
      }
    },
    120_000,
  );
});
