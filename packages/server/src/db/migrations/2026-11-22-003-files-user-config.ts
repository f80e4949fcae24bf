import type { Kysely } from 'kysely';
import { columnTypes, withIdColumn } from './kit/v1/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const type = columnTypes(db);

  await withIdColumn(db.schema.createTable('user_configs'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', type.dateTime, (c) => c.notNull())
    .addUniqueConstraint('user_configs_user_name', ['user_id', 'name'])
    .execute();

  await withIdColumn(db.schema.createTable('files'), db)
    .addColumn('namespace', 'varchar(40)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('thumbnail_key', 'varchar(200)', (c) => c.unique())
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(120)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    // Kept when the uploader's account goes: the file may be in use on the website.
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .execute();
}
