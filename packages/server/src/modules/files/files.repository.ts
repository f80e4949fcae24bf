import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { FilesTable } from '../../db/schema.ts';

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

/** A column that holds ids of `files` (a file or image field of an entity), or, `inText`, HTML naming their addresses. */
export interface FileReference {
  table: string;
  column: string;
  /** The column is rich text: a file is used while its address `/files/<key>` is in it. Default false. */
  inText?: boolean;
}

/**
 * Deletes, in one statement, up to `limit` files uploaded before `uploadedBefore` that no `references`
 * column points at; answers their rows, so that the caller can remove the stored objects.
 */
export function deleteUnreferencedFiles(
  db: Executor,
  uploadedBefore: string,
  references: readonly FileReference[],
  limit: number,
) {
  const referenced = references
    .filter((reference) => !reference.inText)
    .map(
      ({ table, column }) =>
        sql`select ${sql.ref(column)} from ${sql.table(table)} where ${sql.ref(column)} is not null`,
    );
  const inText = references.filter((reference) => reference.inText);
  const unreferenced = db
    .selectFrom('files')
    .select('id')
    .where('created_at', '<', uploadedBefore)
    .$if(referenced.length > 0, (query) =>
      query.where('id', 'not in', sql<number>`(${sql.join(referenced, sql` union `)})`),
    )
    .$if(inText.length > 0, (query) =>
      query.where(({ not, exists }) =>
        not(
          exists(
            sql`(${sql.join(
              inText.map(
                ({ table, column }) =>
                  sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} like '%/files/' || ${sql.ref('files.storage_key')} || '%'`,
              ),
              sql` union all `,
            )})`,
          ),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit);
  return db
    .deleteFrom('files')
    .where('id', 'in', unreferenced)
    .returning(['id', 'storage_key', 'thumbnail_key'])
    .execute();
}
