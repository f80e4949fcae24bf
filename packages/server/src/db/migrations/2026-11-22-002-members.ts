import { type Kysely, sql } from 'kysely';
import {
  columnTypes,
  createSearchIndex,
  engineOf,
  sortKeyColumnType,
  type TableModel,
  withIdColumn,
} from './kit/v1/index.ts';

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

/**
 * The members table as this migration leaves it, in the form generated migrations record: the
 * starting point of the first generated migration.
 */
export const schema: TableModel[] = [
  {
    name: 'members',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      { name: 'first_name', type: 'varchar(100)', notNull: true },
      { name: 'first_name_sort', type: 'sortKey', notNull: true },
      { name: 'last_name', type: 'varchar(100)', notNull: true },
      { name: 'last_name_sort', type: 'sortKey', notNull: true },
      { name: 'birth_date', type: 'varchar(10)' },
      { name: 'gender', type: 'varchar(10)' },
      { name: 'member_type', type: 'varchar(20)' },
      { name: 'email', type: 'varchar(254)' },
      { name: 'email_sort', type: 'sortKey' },
      { name: 'phone', type: 'varchar(30)' },
      { name: 'phone_sort', type: 'sortKey' },
      { name: 'address', type: 'text' },
      { name: 'registration_number', type: 'varchar(40)', unique: true },
      { name: 'registration_number_sort', type: 'sortKey' },
      { name: 'photo', type: 'integer' },
      { name: 'note', type: 'text' },
      { name: 'active', type: 'boolean', notNull: true },
      { name: 'search_text', type: 'text', notNull: true, default: '' },
      { name: 'version', type: 'integer', notNull: true, default: 1 },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
    ],
    indexes: [
      { name: 'members_birth_date', columns: ['birth_date', 'id'] },
      { name: 'members_email_sort', columns: ['email_sort', 'id'] },
      { name: 'members_first_name_sort', columns: ['first_name_sort', 'id'] },
      { name: 'members_last_name_sort', columns: ['last_name_sort', 'id'] },
      { name: 'members_member_type', columns: ['member_type'] },
      { name: 'members_registration_number_sort', columns: ['registration_number_sort', 'id'] },
    ],
    search: true,
    searchColumns: ['last_name', 'first_name', 'email', 'registration_number'],
  },
];
