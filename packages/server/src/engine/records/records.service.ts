import { can, type EntityRecord, isOffice, type Role } from '@klubovna/shared';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { type CompiledEntity, isSensitiveKind } from '../declaration/compile-entity.ts';
import type { HookContext } from '../declaration/entity.types.ts';
import type { EntityRegistry } from '../declaration/registry.ts';
import { type Acting, readScope } from '../declaration/row-access.ts';
import { recordColumns } from '../list/pages.ts';
import type { ListReader } from '../list/reader.ts';
import { attachRelations } from '../relations/relations.service.ts';
import { maskSensitive, type Row, toRecord } from './record-mapper.ts';
import * as repository from './records.repository.ts';

export interface EngineContext extends Acting {
  db: Db;
  /** How lists are read from this database. */
  reader: ListReader;
  userId: number;
  roles: Role[];
  entities: EntityRegistry;
  /** The transaction the work joins (an action's); without one, each write opens its own. */
  trx?: repository.DynamicDb;
  /** The writes are the rows of an import (`HookContext.imported`); default false. */
  imported?: boolean;
  /** The deletes go with a deleted record of this alias (`HookContext.deletedWith`); default none. */
  deletedWith?: string;
}

/** The entity behind an alias, if the user's roles grant the access (403 otherwise); 404 for unknown aliases. */
export function entityFor(
  context: Pick<EngineContext, 'entities' | 'roles'>,
  alias: string,
  access: 'read' | 'write',
): CompiledEntity {
  const entity = context.entities.get(alias);
  if (!entity) throw notFound('Neznámý typ záznamu.');
  if (!can(context.roles, entity.declaration.area, access)) throw forbidden();
  // Records the app alone writes: nobody writes them through the engine, whatever their area.
  if (access === 'write' && entity.declaration.readOnly) throw forbidden();
  return entity;
}

/** What every hook of `entity` is given: the transaction, the user and the entity. */
export const hookContext = (
  context: EngineContext,
  entity: CompiledEntity,
  db: repository.DynamicDb,
): HookContext => ({
  db,
  userId: context.userId,
  roles: context.roles,
  entity,
  ...(context.imported ? { imported: true } : {}),
  ...(context.deletedWith ? { deletedWith: context.deletedWith } : {}),
});

export const dynamic = (context: EngineContext) =>
  context.trx ?? (context.db as unknown as repository.DynamicDb);

/** Runs `work` in the context's transaction, or in a new one, seen through the engine's untyped view. */
export function inTransaction<T>(context: EngineContext, work: (db: repository.DynamicDb) => Promise<T>) {
  if (context.trx) return work(context.trx);
  return context.db.transaction().execute((trx) => work(trx as unknown as repository.DynamicDb));
}

export const recordMissing = (entity: CompiledEntity) =>
  notFound(`${entity.declaration.labels.singular} neexistuje nebo byl smazán.`);

/**
 * How a record's sensitive fields (a birth number) are read: `masked` for answers and hooks, `full`
 * only for the engine's own writes and the office's recorded reading (`revealRecord`).
 */
export type SensitiveReading = 'masked' | 'full';

/** Rows as API records, relationMany ids and `_labels` included, passed through the `afterRead` hook. */
export async function toRecords(
  db: repository.DynamicDb,
  context: Pick<EngineContext, 'entities' | 'userId' | 'roles'>,
  entity: CompiledEntity,
  rows: Row[],
  sensitive: SensitiveReading = 'masked',
): Promise<EntityRecord[]> {
  const records = rows.map((row) => toRecord(entity, row));
  if (sensitive === 'masked') for (const record of records) maskSensitive(entity, record);
  await attachRelations(db, context.entities, entity, records);
  const afterRead = entity.declaration.hooks?.afterRead;
  if (!afterRead) return records;
  const { userId, roles } = context;
  return records.map((record) => afterRead({ userId, roles, entity, record }) ?? record);
}

export async function findRecord(
  db: repository.DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
  sensitive: SensitiveReading = 'masked',
): Promise<EntityRecord> {
  // Only what a record is made of: a read of named columns is a prepared statement on PostgreSQL.
  const scope = readScope(entity, context);
  const row = await repository.findRow(db, entity, id, recordColumns(entity), scope);
  if (!row) throw recordMissing(entity);
  return (await toRecords(db, context, entity, [row], sensitive))[0]!;
}

export function getRecord(context: EngineContext, entity: CompiledEntity, id: number): Promise<EntityRecord> {
  return findRecord(dynamic(context), context, entity, id);
}

/**
 * A record as the form reads it. The office reads its sensitive fields in full, and each such reading
 * of a filled one is recorded in the audit trail (action `read`, naming the fields); anyone else reads
 * them masked.
 */
export async function revealRecord(
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
): Promise<EntityRecord> {
  if (!isOffice(context.roles)) return getRecord(context, entity, id);
  const db = dynamic(context);
  const record = await findRecord(db, context, entity, id, 'full');
  const read = entity.fields
    .filter((field) => isSensitiveKind(field.kind) && record[field.name] !== null)
    .map((field) => field.name);
  if (read.length > 0) await repository.insertAudit(db, context.userId, entity, id, 'read', { read });
  return record;
}
