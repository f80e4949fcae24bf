import type { Kysely } from 'kysely';
import { createTable } from '../db/migration-kit.ts';
import type { CompiledEntity } from '../engine/declaration/compile-entity.ts';
import type { EntityRegistry } from '../engine/declaration/registry.ts';
import { entityTables } from '../engine/schema/entity-schema.ts';

/**
 * Creates an entity's tables as its declaration implies, as a generated migration would (with the
 * newest migration kit), for tests that declare entities of their own. The product's tables come from
 * generated migrations instead (`npm run migration:generate`).
 */
// biome-ignore lint/suspicious/noExplicitAny: tables are created from declarations, not from schema types
export async function createEntityTables(db: Kysely<any>, entity: CompiledEntity, entities: EntityRegistry) {
  for (const table of entityTables(entity, entities)) await createTable(db, table);
}
