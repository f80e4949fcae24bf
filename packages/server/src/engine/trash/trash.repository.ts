import { sql } from 'kysely';
import { lockedForUpdate } from '../../db/dialect.ts';
import type { DynamicDb } from '../declaration/entity.types.ts';
import { escapeLike } from '../list/conditions.ts';
import type { Row } from '../records/record-mapper.ts';
import { searchNormalize } from '../schema/czech-text.ts';

/** Where the trash keeps the upload ids its records point at (housekeeping keeps those uploads). */
export const TRASH_FILE_REFERENCE = { table: 'trash_files', column: 'file_id' } as const;

export interface TrashRowInput {
  entity: string;
  recordId: number;
  label: string;
  record: unknown;
  unlinked: unknown;
  deletedBy: number;
  deletedAt: string;
  fileIds: number[];
}

export async function insertTrashRow(db: DynamicDb, input: TrashRowInput): Promise<void> {
  const inserted = (await db
    .insertInto('trash')
    .values({
      entity: input.entity,
      record_id: input.recordId,
      label: input.label.slice(0, 300),
      search_label: searchNormalize(input.label.slice(0, 300)),
      record: JSON.stringify(input.record),
      unlinked: JSON.stringify(input.unlinked),
      deleted_by: input.deletedBy,
      deleted_at: input.deletedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()) as Row;
  const fileIds = [...new Set(input.fileIds)];
  if (fileIds.length > 0) {
    await db
      .insertInto('trash_files')
      .values(fileIds.map((fileId) => ({ trash_id: Number(inserted.id), file_id: fileId })))
      .execute();
  }
}

export interface TrashFilter {
  /** Entities whose every trashed record is listed. */
  entities: string[];
  /** Entities whose records are listed only when `userId` deleted them. */
  ownEntities: string[];
  userId: number;
  search: string;
  page: number;
  limit: number;
}

/**
 * A page of the trash, newest first, with who deleted each record; labels are searched without
 * diacritics, each word anywhere (`novak jan` finds „Jan Novák“).
 */
export async function trashPage(db: DynamicDb, filter: TrashFilter): Promise<{ rows: Row[]; total: number }> {
  if (filter.entities.length === 0 && filter.ownEntities.length === 0) return { rows: [], total: 0 };
  const words = searchNormalize(filter.search).split(/\s+/).filter(Boolean).map(escapeLike);
  let query = db
    .selectFrom('trash as t')
    .where((eb) =>
      eb.or([
        ...(filter.entities.length > 0 ? [eb('t.entity', 'in', filter.entities)] : []),
        ...(filter.ownEntities.length > 0
          ? [eb.and([eb('t.entity', 'in', filter.ownEntities), eb('t.deleted_by', '=', filter.userId)])]
          : []),
      ]),
    );
  for (const word of words) query = query.where(sql<boolean>`t.search_label like ${`%${word}%`} escape '\\'`);
  const counted = (await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row;
  const rows = (await query
    .leftJoin('users as u', 'u.id', 't.deleted_by')
    .select(['t.id', 't.entity', 't.record_id', 't.label', 't.deleted_at', 't.deleted_by'])
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .orderBy('t.deleted_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute()) as Row[];
  return { rows, total: Number(counted.n) };
}

/**
 * One trash entry, locked on PostgreSQL until the transaction ends, so that two restores of it cannot
 * both go ahead (the second finds it gone); SQLite's write transactions run one at a time anyway.
 */
export async function findTrashRowForUpdate(db: DynamicDb, id: number): Promise<Row | undefined> {
  const query = db.selectFrom('trash').selectAll().where('id', '=', id);
  return (await lockedForUpdate(db, query).executeTakeFirst()) as Row | undefined;
}

export async function deleteTrashRow(db: DynamicDb, id: number): Promise<void> {
  await db.deleteFrom('trash_files').where('trash_id', '=', id).execute();
  await db.deleteFrom('trash').where('id', '=', id).execute();
}

/** Empties the trash of records deleted before `deletedBefore`; answers how many went. */
export async function deleteTrashBefore(db: DynamicDb, deletedBefore: string): Promise<number> {
  const old = db.selectFrom('trash').select('id').where('deleted_at', '<', deletedBefore);
  await db.deleteFrom('trash_files').where('trash_id', 'in', old).execute();
  const result = await db.deleteFrom('trash').where('deleted_at', '<', deletedBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The trash entry of one deleted record, if it is there. */
export async function findTrashedRecord(db: DynamicDb, entity: string, recordId: number) {
  return (await db
    .selectFrom('trash')
    .select(['id', 'label'])
    .where('entity', '=', entity)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .executeTakeFirst()) as { id: number; label: string } | undefined;
}

/** Points a to-one column of one record at `value` only while it is empty; true when it did. */
export async function setIfEmpty(db: DynamicDb, table: string, column: string, id: number, value: number) {
  const result = await db
    .updateTable(table)
    .set({ [column]: value })
    .where('id', '=', id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
