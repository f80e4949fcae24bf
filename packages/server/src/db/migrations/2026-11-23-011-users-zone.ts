import type { Kysely } from 'kysely';
import { columnTypes, type TableModel, withIdColumn } from './kit/v1/index.ts';

/**
 * The users zone's account tables (hand-written like the other account tables): when each user last
 * signed in, for the user list; their recent sign-ins, for the profile; and e-mail changes waiting
 * for confirmation from the new address; two-factor sign-in (the TOTP secret on the user, single-use
 * recovery codes) and the settings a root keeps (whether admins and roots must use two-factor sign-in).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const type = columnTypes(db);
  await db.schema.alterTable('users').addColumn('last_login_at', type.dateTime).execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', type.dateTime).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await withIdColumn(db.schema.createTable('sign_ins'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sign_ins_user_id').on('sign_ins').columns(['user_id', 'created_at']).execute();

  await withIdColumn(db.schema.createTable('email_changes'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .addColumn('expires_at', type.dateTime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user_id').on('email_changes').column('user_id').execute();

  await withIdColumn(db.schema.createTable('recovery_codes'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', type.dateTime)
    .execute();
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', type.dateTime, (c) => c.notNull())
    .execute();
}

/**
 * The users table as this and the first migration leave it, for the migration generator: from the
 * next migration on, the user entity's declaration (modules/auth/user-declaration.ts) owns the table.
 */
export const schema: TableModel[] = [
  {
    name: 'users',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      { name: 'email', type: 'varchar(254)', notNull: true, unique: true },
      { name: 'password_hash', type: 'text' },
      { name: 'first_name', type: 'varchar(100)', notNull: true },
      { name: 'last_name', type: 'varchar(100)', notNull: true },
      { name: 'roles', type: 'text', notNull: true },
      { name: 'active', type: 'boolean', notNull: true },
      { name: 'version', type: 'integer', notNull: true },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
      { name: 'last_login_at', type: 'dateTime' },
      { name: 'totp_secret', type: 'varchar(64)' },
      { name: 'totp_enabled_at', type: 'dateTime' },
      { name: 'totp_last_step', type: 'bigint' },
    ],
    indexes: [],
  },
];
