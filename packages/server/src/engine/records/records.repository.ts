import { insertMany, insertReturningIds } from '../../db/bulk-insert.ts';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { DynamicDb, RowCondition } from '../declaration/entity.types.ts';
import { diffRecords, type Row, toRow, type Values } from './record-mapper.ts';

export type { DynamicDb };

/**
 * A row by id: its `columns`, or every column (what a delete moves to the trash); only within `scope`
 * (a person's row rule) when given.
 */
export async function findRow(
  db: DynamicDb,
  entity: CompiledEntity,
  id: number,
  columns?: string[],
  scope?: RowCondition,
): Promise<Row | undefined> {
  const table = db.selectFrom(entity.declaration.table);
  const row = (columns ? table.select(columns) : table.selectAll()).where('id', '=', id);
  return (await (scope ? row.where(scope) : row).executeTakeFirst()) as Row | undefined;
}

export async function findRows(db: DynamicDb, entity: CompiledEntity, ids: number[]): Promise<Row[]> {
  return (await db
    .selectFrom(entity.declaration.table)
    .selectAll()
    .where('id', 'in', ids)
    .execute()) as Row[];
}

export async function insertRow(db: DynamicDb, entity: CompiledEntity, row: Row): Promise<number> {
  const inserted = await db
    .insertInto(entity.declaration.table)
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number((inserted as Row).id);
}

/** Updates only when `version` is still current; false when someone saved in between. */
export async function updateRow(
  db: DynamicDb,
  entity: CompiledEntity,
  id: number,
  version: number,
  row: Row,
) {
  const result = await db
    .updateTable(entity.declaration.table)
    // Incremented by the database: `version + 1` as a parameter would overflow PostgreSQL's integer
    // for a sent version of 2³¹−1 even when no row matches it.
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRows(db: DynamicDb, entity: CompiledEntity, ids: number[]) {
  await db.deleteFrom(entity.declaration.table).where('id', 'in', ids).execute();
}

/** Ids of other records holding `value` in a unique column. */
export async function findDuplicate(
  db: DynamicDb,
  entity: CompiledEntity,
  column: string,
  value: unknown,
  exceptId?: number,
) {
  let query = db.selectFrom(entity.declaration.table).select('id').where(column, '=', value);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The audit trail's entry for one record: who changed which of its fields, from what to what. */
export interface AuditEntry {
  /** 0 for an action that names no record. */
  recordId: number;
  /** `read`: the office read a record's sensitive fields in full (`changes.read` names them). */
  action: 'create' | 'update' | 'delete' | 'action' | 'read';
  changes: unknown;
}

/** Writes audit rows for records of one entity, in a few statements. */
export async function insertAudits(
  db: DynamicDb,
  userId: number,
  entity: Pick<CompiledEntity, 'declaration'>,
  entries: readonly AuditEntry[],
) {
  const createdAt = new Date().toISOString();
  await insertMany(
    db,
    'audit_log',
    entries.map((entry) => ({
      user_id: userId,
      entity: entity.declaration.alias,
      record_id: entry.recordId,
      action: entry.action,
      changes: JSON.stringify(entry.changes),
      created_at: createdAt,
    })),
  );
}

/**
 * Inserts many records of one entity at once, as work over many rows does (a group's members, a
 * season's payment requests, a statement's lines): each as the entity maps its values, stamped now,
 * with its audit row of creation. Answers their ids in order. Validation and hooks are the caller's.
 */
export async function insertRecords(
  db: DynamicDb,
  userId: number,
  entity: CompiledEntity,
  values: readonly Values[],
): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = values.map((value) => ({ ...toRow(entity, value), created_at: now, updated_at: now }));
  const ids = await insertReturningIds(db, entity.declaration.table, rows);
  await insertAudits(
    db,
    userId,
    entity,
    ids.map((id, index) => ({
      recordId: id,
      action: 'create' as const,
      changes: diffRecords(null, values[index]!, entity),
    })),
  );
  return ids;
}

export function insertAudit(
  db: DynamicDb,
  userId: number,
  entity: Pick<CompiledEntity, 'declaration'>,
  recordId: number,
  action: AuditEntry['action'],
  changes: unknown,
) {
  return insertAudits(db, userId, entity, [{ recordId, action, changes }]);
}
