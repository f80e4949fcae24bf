import type { Kysely } from 'kysely';
import { columnTypes, withIdColumn } from './kit/v1/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const type = columnTypes(db);

  await withIdColumn(db.schema.createTable('users'), db)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('roles', type.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', type.boolean, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .addColumn('updated_at', type.dateTime, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .addColumn('last_seen_at', type.dateTime, (c) => c.notNull())
    .addColumn('expires_at', type.dateTime, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await withIdColumn(db.schema.createTable('password_tokens'), db)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .addColumn('expires_at', type.dateTime, (c) => c.notNull())
    .addColumn('used_at', type.dateTime)
    .execute();
  await db.schema.createIndex('password_tokens_user_id').on('password_tokens').column('user_id').execute();

  await withIdColumn(db.schema.createTable('auth_attempts'), db)
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_attempts_lookup')
    .on('auth_attempts')
    .columns(['action', 'subject', 'created_at'])
    .execute();
}
