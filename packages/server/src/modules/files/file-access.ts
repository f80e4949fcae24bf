import { can } from '@klubovna/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { CompiledEntity } from '../../engine/declaration/compile-entity.ts';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import type { EntityRegistry } from '../../engine/declaration/registry.ts';
import { type Acting, readScope } from '../../engine/declaration/row-access.ts';
import type { FileReference } from './files.repository.ts';

// Files follow their record: an upload is public while a row the public website shows points at it
// (the declaration's `publicRows`), readable by whoever may read a row pointing at it (the area and the
// row rule), and by whoever uploaded it (before the record that will point at it is saved). Anyone
// else is told it does not exist.

/** The columns of an entity that point at files: file and image fields by id, rich text by address. */
export function entityFileColumns(entity: CompiledEntity): FileReference[] {
  const { table } = entity.declaration;
  return entity.fields.flatMap((field): FileReference[] => {
    if (field.kind === 'file' || field.kind === 'image') return [{ table, column: field.column }];
    if (field.kind === 'richText' && field.uploadNamespace)
      return [{ table, column: field.column, inText: true }];
    return [];
  });
}

export interface StoredFile {
  id: number;
  storage_key: string;
  uploaded_by: number | null;
}

/** The rows of `reference`'s table pointing at `file`. */
const pointingAt = (reference: FileReference, file: StoredFile) =>
  reference.inText
    ? sql<SqlBool>`${sql.ref(reference.column)} like ${`%/files/${file.storage_key}%`}`
    : sql<SqlBool>`${sql.ref(reference.column)} = ${file.id}`;

/** Whether any row of the entities, within each one's `where`, points at the file: one statement. */
async function anyRowPointsAt(
  db: DynamicDb,
  entities: Array<{ entity: CompiledEntity; where?: (eb: never) => Expression<SqlBool> }>,
  file: StoredFile,
): Promise<boolean> {
  const arms = entities.flatMap(({ entity, where }) =>
    entityFileColumns(entity).map((reference) => {
      let rows = db.selectFrom(reference.table).select(sql`1`.as('one')).where(pointingAt(reference, file));
      if (where) rows = rows.where(where as never);
      return rows;
    }),
  );
  if (arms.length === 0) return false;
  const found = await db
    .selectNoFrom((eb) => eb.or(arms.map((arm) => eb.exists(arm))).as('found'))
    .executeTakeFirstOrThrow();
  return Boolean((found as { found: unknown }).found);
}

/** Whether a row the public website shows points at the file. */
export function isPublicFile(db: DynamicDb, entities: EntityRegistry, file: StoredFile): Promise<boolean> {
  const shown = [...entities.values()].flatMap((entity) => {
    const rows = entity.declaration.publicRows;
    if (rows === undefined) return [];
    return [{ entity, ...(rows === true ? {} : { where: rows as never }) }];
  });
  return anyRowPointsAt(db, shown, file);
}

/** Whether the person uploaded the file or may read a row that points at it. */
export function isReadableFile(
  db: DynamicDb,
  entities: EntityRegistry,
  file: StoredFile,
  acting: Acting,
): Promise<boolean> {
  if (file.uploaded_by === acting.userId) return Promise.resolve(true);
  const readable = [...entities.values()].flatMap((entity) => {
    if (!can(acting.roles, entity.declaration.area, 'read')) return [];
    const where = readScope(entity, acting);
    return [{ entity, ...(where ? { where: where as never } : {}) }];
  });
  return anyRowPointsAt(db, readable, file);
}
