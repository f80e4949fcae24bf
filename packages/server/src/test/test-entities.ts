import type { Db } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import { compileEntity } from '../engine/declaration/compile-entity.ts';
import type { EntityDeclaration } from '../engine/declaration/entity.types.ts';
import { toRow } from '../engine/records/record-mapper.ts';
import type { DynamicDb } from '../engine/records/records.repository.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Entities declared for tests, so that the engine is tested on declarations of its own rather than on
 * the product's: a club member as a person with searched and sorted names, a unique number, an enum
 * with a default and an image; teams with both relation kinds and both onDelete behaviours, and every
 * exported cell type; matches a level further.
 */
export const memberFixture: EntityDeclaration = {
  alias: 'test-member',
  table: 'test_members',
  labels: {
    singular: 'Člen',
    plural: 'Členové',
    count: { one: 'člen', few: 'členové', many: 'členů' },
    accusative: { one: 'člena', few: 'členy', many: 'členů' },
  },
  area: 'members',
  screens: 'api-only',
  fields: {
    lastName: { kind: 'text', label: 'Příjmení', required: true, maxLength: 100 },
    firstName: { kind: 'text', label: 'Jméno', required: true, maxLength: 100 },
    birthDate: { kind: 'date', label: 'Datum narození' },
    photo: { kind: 'image', label: 'Fotografie', uploadNamespace: 'members', listed: false },
    email: { kind: 'email', label: 'E-mail' },
    phone: { kind: 'phone', label: 'Telefon', maxLength: 30 },
    memberType: {
      kind: 'enum',
      label: 'Typ člena',
      options: [
        { value: 'TRAINER', label: 'Trenér' },
        { value: 'ATHLETE', label: 'Závodník' },
      ],
      defaultValue: 'ATHLETE',
    },
    registrationNumber: { kind: 'text', label: 'Registrační číslo', maxLength: 40, unique: true },
    active: { kind: 'boolean', label: 'Aktivní', defaultValue: true },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 5000, listed: false },
  },
  defaultSort: { field: 'lastName', direction: 'asc' },
  searchFields: ['lastName', 'firstName', 'email', 'registrationNumber'],
  labelFields: ['lastName', 'firstName'],
  nameFields: ['firstName', 'lastName'],
  secondaryLabel: [{ field: 'birthDate', year: true }, { field: 'memberType' }],
};

export const teamFixture: EntityDeclaration = {
  alias: 'test-team',
  table: 'test_teams',
  labels: { singular: 'Tým', plural: 'Týmy', count: { one: 'tým', few: 'týmy', many: 'týmů' } },
  area: 'training',
  screens: 'api-only',
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 100 },
    coach: { kind: 'relation', label: 'Trenér', relation: { alias: 'test-member' } },
    captain: { kind: 'relation', label: 'Kapitán', relation: { alias: 'test-member', onDelete: 'cascade' } },
    players: { kind: 'relationMany', label: 'Hráči', relation: { alias: 'test-member' } },
    fans: {
      kind: 'relationMany',
      label: 'Fanoušci',
      relation: { alias: 'test-member', onDelete: 'cascade' },
    },
    founded: { kind: 'date', label: 'Založen' },
    lastMatch: { kind: 'dateTime', label: 'Poslední zápas' },
    size: { kind: 'integer', label: 'Počet míst', min: 0 },
    rating: { kind: 'decimal', label: 'Hodnocení' },
    fee: { kind: 'money', label: 'Příspěvek' },
    level: {
      kind: 'enum',
      label: 'Úroveň',
      options: [
        { value: 'A', label: 'Áčko' },
        { value: 'B', label: 'Béčko' },
      ],
    },
    active: { kind: 'boolean', label: 'Aktivní', defaultValue: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name'],
  labelFields: ['name'],
};

/** A second level: matches point at teams (restrict) and at themselves (a rematch, cascade). */
export const matchFixture: EntityDeclaration = {
  alias: 'test-match',
  table: 'test_matches',
  labels: { singular: 'Zápas', plural: 'Zápasy' },
  area: 'races',
  screens: 'api-only',
  fields: {
    title: { kind: 'text', label: 'Název', required: true },
    home: { kind: 'relation', label: 'Domácí', required: true, relation: { alias: 'test-team' } },
    rematchOf: {
      kind: 'relation',
      label: 'Odveta zápasu',
      relation: { alias: 'test-match', onDelete: 'cascade' },
    },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
};

export const FIXTURE_ENTITIES = [memberFixture, teamFixture, matchFixture];

/** A notice of the web's events: an area the salesman may read and not write. */
export const noticeFixture: EntityDeclaration = {
  alias: 'test-notice',
  table: 'test_notices',
  labels: { singular: 'Oznámení', plural: 'Oznámení' },
  area: 'webEvents',
  screens: 'api-only',
  fields: { title: { kind: 'text', label: 'Název', required: true } },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
};

/** The kinds of field the fixtures above leave out, so that every kind is declared by some fixture. */
export const otherKindsFixture: EntityDeclaration = {
  alias: 'test-page',
  table: 'test_pages',
  labels: { singular: 'Stránka', plural: 'Stránky' },
  area: 'content',
  screens: 'api-only',
  fields: {
    title: { kind: 'text', label: 'Název', required: true },
    slug: { kind: 'slug', label: 'Adresa' },
    body: { kind: 'richText', label: 'Text' },
    website: { kind: 'url', label: 'Web' },
    tags: {
      kind: 'multiEnum',
      label: 'Štítky',
      options: [
        { value: 'NEWS', label: 'Novinka' },
        { value: 'RESULT', label: 'Výsledek' },
      ],
    },
    attachment: { kind: 'file', label: 'Příloha' },
    colour: { kind: 'color', label: 'Barva' },
    personalNumber: { kind: 'birthNumber', label: 'Rodné číslo' },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
};

/** The real app serving the fixtures (and `extra`) without the product's entities, their tables created. */
export function startFixtureApp(engine: Engine, extra: readonly EntityDeclaration[] = []): Promise<TestApp> {
  return startTestApp(engine, {}, {}, { product: false, fixtures: [...FIXTURE_ENTITIES, ...extra] });
}

/** The real app with the product's entities plus the fixtures, their tables created. */
export function startTestAppWithFixtures(engine: Engine): Promise<TestApp> {
  return startTestApp(engine, {}, {}, { fixtures: FIXTURE_ENTITIES });
}

const FIRST_NAMES = ['Jan', 'Eva', 'Petr', 'Jana', 'Tomáš', 'Šárka', 'Jiří', 'Marie', 'Čeněk', 'Žofie'];
const LAST_NAMES = ['Novák', 'Dvořák', 'Černá', 'Procházka', 'Kučerová', 'Veselý', 'Horák', 'Řezníček'];
const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Inserts `count` fixture members straight into their table, derived columns included: names in
 * turn, an e-mail at example.cz each, every tenth a trainer, every seventh inactive.
 */
export async function seedFixtureMembers(db: Db, count: number): Promise<void> {
  const entity = compileEntity(memberFixture);
  const now = new Date().toISOString();
  const member = (index: number) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
    return {
      lastName,
      firstName,
      email: `${ascii(firstName)}.${ascii(lastName)}${index}@example.cz`,
      memberType: index % 10 === 0 ? 'TRAINER' : 'ATHLETE',
      registrationNumber: `T${String(index).padStart(6, '0')}`,
      active: index % 7 !== 0,
    };
  };
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => ({
      ...toRow(entity, member(start + offset)),
      version: 1,
      created_at: now,
      updated_at: now,
    }));
    await db
      .transaction()
      .execute((trx) => (trx as unknown as DynamicDb).insertInto(memberFixture.table).values(rows).execute());
  }
}
