import type { Kysely } from 'kysely';
import { columnTypes, createTable, type TableModel, withIdColumn } from './kit/v1/index.ts';

/**
 * The job runner's table (generated from the job entity), and by hand: who sent an invitation
 * (`password_tokens.created_by`, for the reminder of one not accepted) and the e-mail reminders sent,
 * one row each, so that none is sent twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // a new declaration
  await createTable(db, table('jobs'));
  const type = columnTypes(db);
  await db.schema
    .alterTable('password_tokens')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await withIdColumn(db.schema.createTable('reminder_deliveries'), db)
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('sent_at', type.dateTime, (c) => c.notNull())
    .addUniqueConstraint('reminder_deliveries_once', ['kind', 'subject', 'email'])
    .execute();
}

/**
 * The tables this migration creates or alters, as they are after it. The next migration is generated
 * from what every migration recorded, in order (`latestSchema`).
 */
export const schema: TableModel[] = [
  {
    name: 'jobs',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      { name: 'kind', type: 'varchar(20)', notNull: true },
      { name: 'state', type: 'varchar(20)', notNull: true },
      { name: 'attempts', type: 'bigint', notNull: true },
      { name: 'max_attempts', type: 'bigint', notNull: true },
      { name: 'run_at', type: 'dateTime', notNull: true },
      { name: 'started_at', type: 'dateTime' },
      { name: 'finished_at', type: 'dateTime' },
      { name: 'last_error', type: 'text' },
      { name: 'payload', type: 'text' },
      { name: 'lease_owner', type: 'varchar(100)' },
      { name: 'lease_expires_at', type: 'dateTime' },
      { name: 'slot', type: 'varchar(100)', unique: true },
      { name: 'search_text', type: 'text', notNull: true, default: '' },
      { name: 'version', type: 'integer', notNull: true, default: 1 },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
    ],
    indexes: [
      {
        name: 'jobs_attempts',
        columns: ['attempts', 'id'],
      },
      {
        name: 'jobs_finished_at',
        columns: ['finished_at', 'id'],
      },
      {
        name: 'jobs_kind',
        columns: ['kind', 'id'],
      },
      {
        name: 'jobs_run_at',
        columns: ['run_at', 'id'],
      },
      {
        name: 'jobs_started_at',
        columns: ['started_at', 'id'],
      },
      {
        name: 'jobs_state',
        columns: ['state', 'id'],
      },
    ],
    search: true,
    searchColumns: [],
  },
];

const table = (name: string) => schema.find((model) => model.name === name)!;
