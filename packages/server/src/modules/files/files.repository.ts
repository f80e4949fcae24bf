import type { Insertable, Selectable } from 'kysely';
import type { FilesTable } from '../../db/schema.ts';
import type { Executor } from '../auth/users.repository.ts';

export type FileRow = Selectable<FilesTable>;

export async function insertFile(db: Executor, file: Insertable<FilesTable>): Promise<FileRow> {
  return db.insertInto('files').values(file).returningAll().executeTakeFirstOrThrow();
}

export const findFilesByIds = (db: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('files').selectAll().where('id', 'in', ids).execute();

/** The file stored under a key, as the original or as its thumbnail. */
export const findFileByKey = (db: Executor, key: string) =>
  db
    .selectFrom('files')
    .selectAll()
    .where((eb) => eb.or([eb('storage_key', '=', key), eb('thumbnail_key', '=', key)]))
    .executeTakeFirst();
