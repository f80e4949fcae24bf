import type { EntityRecord, TrashEntry, TrashPage, TrashRestoreResult } from '@klubovna/shared';
import { can } from '@klubovna/shared';
import { AppError, notFound } from '../../errors/app-error.ts';
import { type CompiledEntity, initialValue } from '../declaration/compile-entity.ts';
import { assertMayChange, readScope } from '../declaration/row-access.ts';
import { type Row, recordName, toRecord, toRow, type Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as repository from '../records/records.repository.ts';
import {
  dynamic,
  type EngineContext,
  entityFor,
  findRecord,
  hookContext,
  inTransaction,
} from '../records/records.service.ts';
import * as relations from '../relations/relations.repository.ts';
import { saveLinks } from '../relations/relations.service.ts';
import type { LostLink } from '../relations/release-references.ts';
import * as trash from './trash.repository.ts';

/** What the trash keeps of a deleted record: its values (relation sets included), version and creation time. */
interface TrashedRecord {
  values: Values;
  version: number;
  createdAt: string;
}

const RESTORE_AUDIT = { action: 'obnovení z koše' };

/** Upload ids a record's file and image fields point at. */
function fileIdsOf(entity: CompiledEntity, values: Values): number[] {
  return entity.fields
    .filter((field) => field.kind === 'file' || field.kind === 'image')
    .map((field) => values[field.name])
    .filter((value): value is number => typeof value === 'number');
}

/**
 * Keeps records about to be deleted in the trash, in the delete's transaction: their values as
 * stored (relation sets from `records`), and the links other records lose with them.
 */
export async function moveToTrash(
  db: DynamicDb,
  context: Pick<EngineContext, 'userId'>,
  entity: CompiledEntity,
  rows: Row[],
  records: EntityRecord[],
  lost: LostLink[],
): Promise<void> {
  const deletedAt = new Date().toISOString();
  for (const row of rows) {
    const values: Values = toRecord(entity, row);
    const served = records.find((record) => record.id === values.id);
    for (const field of entity.fields) if (field.joinTable) values[field.name] = served?.[field.name] ?? [];
    const { id, version, ...fields } = values as EntityRecord;
    const stored: TrashedRecord = { values: fields, version, createdAt: String(row.created_at) };
    await trash.insertTrashRow(db, {
      entity: entity.declaration.alias,
      recordId: id,
      label: recordName(entity, fields) || `${entity.declaration.labels.singular} ${id}`,
      record: stored,
      unlinked: lost.filter((link) => link.target === id),
      deletedBy: context.userId,
      deletedAt,
      fileIds: fileIdsOf(entity, fields),
    });
  }
}

const userName = (row: Row) =>
  `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || String(row.email ?? '');

/** The trash of the entities the user may read, newest first. */
export async function listTrash(
  context: EngineContext,
  query: { page: number; limit: number; entity?: string; s: string },
  retentionDays: number,
): Promise<TrashPage> {
  const readable = [...context.entities.values()].filter(
    (entity) =>
      can(context.roles, entity.declaration.area, 'read') &&
      (!query.entity || entity.declaration.alias === query.entity),
  );
  // Whose reading a row rule limits sees only what they deleted: a trashed row is out of the table
  // the rule is a condition on.
  const limited = (entity: CompiledEntity) => readScope(entity, context) !== undefined;
  const { rows, total } = await trash.trashPage(dynamic(context), {
    entities: readable.filter((entity) => !limited(entity)).map((entity) => entity.declaration.alias),
    ownEntities: readable.filter(limited).map((entity) => entity.declaration.alias),
    userId: context.userId,
    search: query.s,
    page: query.page,
    limit: query.limit,
  });
  const items: TrashEntry[] = rows.map((row) => {
    const { labels, area } = context.entities.get(String(row.entity))!.declaration;
    return {
      id: Number(row.id),
      entity: String(row.entity),
      entityLabel: labels.singular,
      entityAccusative: labels.accusative?.one ?? 'záznam',
      recordId: Number(row.record_id),
      label: String(row.label),
      deletedAt: new Date(String(row.deleted_at)).toISOString(),
      deletedBy: row.deleted_by ? { id: Number(row.deleted_by), name: userName(row) } : null,
      canRestore: can(context.roles, area, 'write'),
    };
  });
  return { items, total, page: query.page, limit: query.limit, retentionDays };
}

/** The trashed record and its entity, which the user must be allowed to write. */
async function trashed(db: DynamicDb, context: EngineContext, id: number) {
  const row = await trash.findTrashRowForUpdate(db, id);
  if (!row || !context.entities.has(String(row.entity))) throw notFound('Záznam v koši už není.');
  const entity = entityFor(context, String(row.entity), 'write');
  if (readScope(entity, context) !== undefined && Number(row.deleted_by) !== context.userId)
    throw notFound('Záznam v koši už není.');
  return { row, entity, stored: JSON.parse(String(row.record)) as TrashedRecord };
}

const cannotRestore = (label: string, reason: string) =>
  new AppError('CANNOT_RESTORE', 409, `Záznam „${label}“ nelze obnovit: ${reason}`);

/** Runs one of the entity's rules; a refusal by it becomes the restore's, with the rule's own words. */
async function asRestoreRefusal<T>(label: string, rule: () => Promise<T>): Promise<T> {
  try {
    return await rule();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const reasons = error.validationErrors?.map((refusal) => refusal.message) ?? [error.message];
    throw cannotRestore(label, reasons.join(' '));
  }
}

/** Refuses a restore while a unique value is taken by another record or a related record is gone. */
async function assertRestorable(
  db: DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  values: Values,
  label: string,
) {
  for (const field of entity.fields) {
    const value = values[field.name];
    if (!field.unique || value === null || value === undefined) continue;
    if (await repository.findDuplicate(db, entity, field.column, value))
      throw cannotRestore(
        label,
        `hodnotu pole „${field.label}“ (${String(value)}) už má jiný záznam. Změňte ji u něj, nebo tento záznam smažte natrvalo.`,
      );
  }
  for (const field of entity.relationFields) {
    const value = values[field.name];
    const ids = Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : [];
    if (ids.length === 0) continue;
    const target = context.entities.get(field.relation!.alias)!;
    const existing = await relations.existingIds(db, target.declaration.table, ids);
    const missing = ids.find((id) => !existing.has(id));
    if (missing === undefined) continue;
    const inTrash = await trash.findTrashedRecord(db, target.declaration.alias, missing);
    const { singular } = target.declaration.labels;
    throw cannotRestore(
      label,
      inTrash
        ? `pole „${field.label}“ odkazuje na záznam ${singular} „${inTrash.label}“, který je v koši. Obnovte nejdřív jej.`
        : `pole „${field.label}“ odkazuje na záznam ${singular} (id ${missing}), který byl smazán natrvalo.`,
    );
  }
}

/** Puts the links other records lost back where they are still free; answers how many. */
async function relink(db: DynamicDb, context: EngineContext, lost: LostLink[], id: number): Promise<number> {
  const now = new Date().toISOString();
  let relinked = 0;
  for (const link of lost) {
    const owner = context.entities.get(link.entity);
    const field = owner?.byName.get(link.field);
    if (!owner || !field?.relation) continue;
    let done = false;
    if (field.joinTable) {
      const exists = (await relations.existingIds(db, owner.declaration.table, [link.id])).has(link.id);
      const before = exists
        ? (await relations.linksOf(db, field, [link.id])).map((row) => Number(row.target_id))
        : [];
      if (exists && !before.includes(id)) {
        await relations.replaceLinks(
          db,
          field,
          link.id,
          [...before, id].sort((a, b) => a - b),
        );
        await repository.insertAudit(db, context.userId, owner, link.id, 'update', {
          [field.name]: { from: before, to: [...before, id].sort((a, b) => a - b) },
        });
        done = true;
      }
    } else if (await trash.setIfEmpty(db, owner.declaration.table, field.column, link.id, id)) {
      await repository.insertAudit(db, context.userId, owner, link.id, 'update', {
        [field.name]: { from: null, to: id },
      });
      done = true;
    }
    if (done) {
      await relations.bumpVersions(db, owner, [link.id], now);
      relinked++;
    }
  }
  return relinked;
}

/**
 * Brings a trashed record back under its id, with its relation sets and the links other records lost
 * when it was deleted (where those are still free); refuses with a Czech reason when a unique value
 * is taken meanwhile or a record it points at is gone.
 */
export async function restoreFromTrash(context: EngineContext, trashId: number): Promise<TrashRestoreResult> {
  return inTransaction(context, async (db) => {
    const { row, entity, stored } = await trashed(db, context, trashId);
    const recordId = Number(row.record_id);
    const label = String(row.label);
    const values: Values = Object.fromEntries(
      entity.fields.map((field) => [field.name, stored.values[field.name] ?? initialValue(field)]),
    );
    if (await repository.findRow(db, entity, recordId))
      throw cannotRestore(label, 'záznam se stejným id už existuje.');
    await assertRestorable(db, context, entity, values, label);
    const hooks = entity.declaration.hooks ?? {};
    const hook = hookContext(context, entity, db);
    // The entity's own rules hold for a record coming back as for a new one (a group's capacity…).
    const restored = await asRestoreRefusal(
      label,
      async () => (await hooks.beforeCreate?.({ ...hook, data: values })) ?? values,
    );
    await repository.insertRow(db, entity, {
      ...toRow(entity, restored),
      id: recordId,
      version: stored.version + 1,
      created_at: stored.createdAt,
      updated_at: new Date().toISOString(),
    });
    await saveLinks(db, entity, recordId, restored);
    await assertMayChange(db, entity, context, recordId);
    const record = await findRecord(db, context, entity, recordId);
    await asRestoreRefusal(label, async () => hooks.afterCreate?.({ ...hook, record }));
    const relinked = await relink(db, context, JSON.parse(String(row.unlinked)) as LostLink[], recordId);
    // After the links: the entity's rules find what pointed at the record as it was before the delete.
    await asRestoreRefusal(label, async () => hooks.afterRestore?.({ ...hook, record }));
    await repository.insertAudit(db, context.userId, entity, recordId, 'action', RESTORE_AUDIT);
    await trash.deleteTrashRow(db, trashId);
    return { entity: entity.declaration.alias, recordId, relinked };
  });
}

/** Deletes a trashed record for good. */
export async function purgeFromTrash(context: EngineContext, trashId: number): Promise<void> {
  await inTransaction(context, async (db) => {
    await trashed(db, context, trashId);
    await trash.deleteTrashRow(db, trashId);
  });
}
