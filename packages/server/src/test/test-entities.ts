import type { Engine } from '../db/dialect.ts';
import type { EntityDeclaration } from '../engine/declaration/entity.types.ts';
import { createEntityTables } from '../engine/schema/entity-table.ts';
import { DECLARATIONS } from '../modules/entities.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Test-only entities exercising what no product entity uses yet: both relation kinds with both
 * onDelete behaviours, and every exported cell type.
 */
export const teamFixture: EntityDeclaration = {
  alias: 'test-team',
  table: 'test_teams',
  labels: { singular: 'Tým', plural: 'Týmy', count: { one: 'tým', few: 'týmy', many: 'týmů' } },
  area: 'training',
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 100 },
    coach: { kind: 'relation', label: 'Trenér', relation: { alias: 'member' } },
    captain: { kind: 'relation', label: 'Kapitán', relation: { alias: 'member', onDelete: 'cascade' } },
    players: { kind: 'relationMany', label: 'Hráči', relation: { alias: 'member' } },
    fans: { kind: 'relationMany', label: 'Fanoušci', relation: { alias: 'member', onDelete: 'cascade' } },
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

export const FIXTURE_ENTITIES = [teamFixture, matchFixture];

/** The real app with the product's entities plus the fixtures, their tables created. */
export async function startTestAppWithFixtures(engine: Engine): Promise<TestApp> {
  const t = await startTestApp(engine, {}, {}, { entities: [...DECLARATIONS, ...FIXTURE_ENTITIES] });
  for (const declaration of FIXTURE_ENTITIES)
    await createEntityTables(t.db, t.app.entities.get(declaration.alias)!, t.app.entities);
  return t;
}
