import type { Kysely } from 'kysely';
import { columnTypes, withIdColumn } from './kit/v1/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const type = columnTypes(db);

  // A deleted record of any entity, as JSON, with the links other records lost when it went.
  await withIdColumn(db.schema.createTable('trash'), db)
    .addColumn('entity', 'varchar(60)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(300)', (c) => c.notNull())
    // The label without diacritics, lower case, for searching.
    .addColumn('search_label', 'varchar(300)', (c) => c.notNull())
    .addColumn('record', type.json, (c) => c.notNull())
    .addColumn('unlinked', type.json, (c) => c.notNull())
    // Kept when the account goes: the record stays restorable.
    .addColumn('deleted_by', 'integer')
    .addColumn('deleted_at', type.dateTime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute();
  await db.schema.createIndex('trash_entity_record').on('trash').columns(['entity', 'record_id']).execute();

  // The uploads a trashed record points at, so that housekeeping keeps them while it may come back.
  await db.schema
    .createTable('trash_files')
    .addColumn('trash_id', 'integer', (c) => c.notNull().references('trash.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('trash_files_pkey', ['trash_id', 'file_id'])
    .execute();
  await db.schema.createIndex('trash_files_file').on('trash_files').column('file_id').execute();
}
