import { can, type EntityRecord, isOffice, type Role } from '@klubovna/shared';
import type { Db } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { type CompiledEntity, isSensitiveKind } from '../declaration/compile-entity.ts';
import type { HookContext, RowCondition } from '../declaration/entity.types.ts';
import type { EntityRegistry } from '../declaration/registry.ts';
import { type Acting, readScope } from '../declaration/row-access.ts';
import { compiledOnce } from '../list/compiled-shapes.ts';
import { recordColumns } from '../list/pages.ts';
import { type ReadAlongside, readPage } from '../list/ranked-page.ts';
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
  alongside?: ReadAlongside,
): Promise<EntityRecord> {
  const row = await readRecordRow(db, entity, id, readScope(entity, context), alongside);
  if (!row) throw recordMissing(entity);
  return (await toRecords(db, context, entity, [row], sensitive))[0]!;
}

/**
 * Only what a record is made of: a read of named columns is a prepared statement on PostgreSQL. With
 * no row rule the statement is compiled once per table (compiledOnce), as a form is read at every
 * opening; `alongside` is read in the same statement (how a form GET proves its session).
 */
function readRecordRow(
  db: repository.DynamicDb,
  entity: CompiledEntity,
  id: number,
  scope: RowCondition | undefined,
  alongside: ReadAlongside | undefined,
): Promise<Row | undefined> {
  const { table } = entity.declaration;
  const statement = (key: unknown) => {
    const row = db
      .selectFrom(table)
      .select([...recordColumns(entity), ...(alongside ? [alongside.expression(db).as('__alongside')] : [])])
      .where('id', '=', key);
    return scope ? row.where(scope) : row;
  };
  const compiled = scope
    ? statement(id).compile()
    : compiledOnce(`record ${engineOf(db)} ${table} ${!!alongside}`, [id], ([key]) => statement(key));
  return readPage(db, compiled, alongside).then((rows) => rows[0]);
}

export function getRecord(context: EngineContext, entity: CompiledEntity, id: number): Promise<EntityRecord> {
  return findRecord(dynamic(context), context, entity, id);
}

/**
 * A record as the form reads it. The office reads its sensitive fields in full (`revealed` names the
 * filled ones, whose reading `recordRevealed` writes into the audit trail once the read stands); anyone
 * else reads them masked. `alongside` as in findRecord.
 */
export async function readFormRecord(
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
  alongside?: ReadAlongside,
): Promise<{ record: EntityRecord; revealed: string[] }> {
  const office = isOffice(context.roles);
  const db = dynamic(context);
  const record = await findRecord(db, context, entity, id, office ? 'full' : 'masked', alongside);
  const revealed = office
    ? entity.fields
        .filter((field) => isSensitiveKind(field.kind) && record[field.name] !== null)
        .map((field) => field.name)
    : [];
  return { record, revealed };
}

/** Records in the audit trail (action `read`) that the office read a record's sensitive fields `revealed`. */
export async function recordRevealed(
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
  revealed: string[],
): Promise<void> {
  if (revealed.length > 0)
    await repository.insertAudit(dynamic(context), context.userId, entity, id, 'read', { read: revealed });
}
