import type { Kysely } from 'kysely';
import { createTable, type TableModel } from './kit/v1/index.ts';

/**
 * The e-mail reminders sent, until now a table made by hand (021), become the reminder-delivery
 * entity's table (generated), its three-column uniqueness one `delivery_key`. The reminders already
 * sent are carried over, or they would go again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // by hand: the rows of the table 021 made, kept while it is replaced
  const sent = await db
    .selectFrom('reminder_deliveries')
    .select(['kind', 'subject', 'email', 'sent_at'])
    .execute();
  await db.schema.dropTable('reminder_deliveries').execute();
  // a new declaration
  await createTable(db, table('reminder_deliveries'));
  // by hand: the rows back, 500 at a time (well under either database's limit of bound values)
  const rows = sent.map((row) => ({
    ...row,
    delivery_key: `${row.kind}|${row.subject}|${row.email}`,
    created_at: row.sent_at,
    updated_at: row.sent_at,
  }));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('reminder_deliveries')
      .values(rows.slice(start, start + 500))
      .execute();
}

/**
 * The tables this migration creates or alters, as they are after it. The next migration is generated
 * from what every migration recorded, in order (`latestSchema`).
 */
export const schema: TableModel[] = [
  {
    name: 'reminder_deliveries',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      { name: 'kind', type: 'varchar(20)', notNull: true },
      { name: 'subject', type: 'varchar(100)', notNull: true },
      { name: 'email', type: 'varchar(254)', notNull: true },
      { name: 'sent_at', type: 'dateTime', notNull: true },
      { name: 'delivery_key', type: 'varchar(400)', notNull: true, unique: true },
      { name: 'search_text', type: 'text', notNull: true, default: '' },
      { name: 'version', type: 'integer', notNull: true, default: 1 },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
    ],
    indexes: [
      {
        name: 'reminder_deliveries_kind',
        columns: ['kind', 'id'],
      },
      {
        name: 'reminder_deliveries_sent_at',
        columns: ['sent_at', 'id'],
      },
    ],
    search: true,
    searchColumns: [],
  },
];

const table = (name: string) => schema.find((model) => model.name === name)!;
