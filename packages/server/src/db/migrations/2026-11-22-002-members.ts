import { type Kysely, sql } from 'kysely';
import { columnTypes, engineOf, withIdColumn } from '../dialect.ts';
import { createSearchIndex, sortKeyColumnType } from '../search-index.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const type = columnTypes(db);
  const sortKey = sortKeyColumnType(db);

  await withIdColumn(db.schema.createTable('audit_log'), db)
    .addColumn('user_id', 'integer')
    .addColumn('entity', 'varchar(60)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('changes', type.json, (c) => c.notNull())
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_record').on('audit_log').columns(['entity', 'record_id']).execute();

  await withIdColumn(db.schema.createTable('members'), db)
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('first_name_sort', sortKey, (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name_sort', sortKey, (c) => c.notNull())
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('gender', 'varchar(10)')
    .addColumn('member_type', 'varchar(20)')
    .addColumn('email', 'varchar(254)')
    .addColumn('email_sort', sortKey)
    .addColumn('phone', 'varchar(30)')
    .addColumn('phone_sort', sortKey)
    .addColumn('address', 'text')
    .addColumn('registration_number', 'varchar(40)', (c) => c.unique())
    .addColumn('registration_number_sort', sortKey)
    // No foreign key: an uploaded file may be removed on its own; a missing file reads as no photo.
    .addColumn('photo', 'integer')
    .addColumn('note', 'text')
    .addColumn('active', type.boolean, (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .addColumn('updated_at', type.dateTime, (c) => c.notNull())
    .execute();
  for (const column of [
    'first_name_sort',
    'last_name_sort',
    'email_sort',
    'registration_number_sort',
    'birth_date',
  ]) {
    await db.schema.createIndex(`members_${column}`).on('members').columns([column, 'id']).execute();
  }
  await db.schema.createIndex('members_member_type').on('members').column('member_type').execute();
  await createSearchIndex(db, 'members');
  if (engineOf(db) === 'postgres') await sql`analyze members`.execute(db);
}
