import { type Kysely, sql } from 'kysely';
import { alterTable, engineOf, type TableModel } from './kit/v1/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyKysely = Kysely<any>;

/**
 * Money in whole hundredths (haléře): every money column held whole currency units with a decimal
 * fraction (double precision) and now holds an integer (bigint) a hundred times that, rounded from
 * the stored decimal. So do the money values the audit log (each change's from and to, a bulk
 * creation's input) and the trash (a deleted record's values) keep as JSON.
 *
 * The data is converted in one transaction that also leaves a mark, and the columns change type only
 * after it: on SQLite, where migrations run outside a transaction, a run broken between the two is
 * repeated without multiplying anything twice. Hand-written; the alterations were generated.
 */
export async function up(db: AnyKysely): Promise<void> {
  await sql`create table if not exists money_hundredths_done (done integer not null)`.execute(db);
  const done = await sql<{ done: number }>`select done from money_hundredths_done`.execute(db);
  if (done.rows.length === 0) await inTransaction(db, convertData);
  // camps.price_amount: is double precision, the declaration implies bigint
  await alterTable(db, table('camps'));
  // races.entry_fee_amount: is double precision, the declaration implies bigint
  await alterTable(db, table('races'));
  // payments.amount_amount: is double precision not null, the declaration implies bigint not null
  // payments.paid_amount_amount: is double precision, the declaration implies bigint
  await alterTable(db, table('payments'));
  // bank_transactions.amount_amount: is double precision not null, the declaration implies bigint not null
  await alterTable(db, table('bank_transactions'));
  await sql`drop table money_hundredths_done`.execute(db);
}

/** The money columns of each table, and the money fields of each entity (by alias), as they were. */
const COLUMNS: Record<string, string[]> = {
  camps: ['price_amount'],
  races: ['entry_fee_amount'],
  payments: ['amount_amount', 'paid_amount_amount'],
  bank_transactions: ['amount_amount'],
};
const FIELDS: Record<string, string[]> = {
  camp: ['price'],
  race: ['entryFee'],
  payment: ['amount', 'paidAmount'],
  'bank-transaction': ['amount'],
};

/** SQLite runs migrations outside a transaction, PostgreSQL each migration inside one. */
async function inTransaction(db: AnyKysely, work: (db: AnyKysely) => Promise<void>) {
  if (engineOf(db) === 'postgres') return work(db);
  await sql`begin immediate`.execute(db);
  try {
    await work(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

async function convertData(db: AnyKysely) {
  const postgres = engineOf(db) === 'postgres';
  for (const [table, columns] of Object.entries(COLUMNS)) {
    for (const column of columns) {
      const name = sql.id(column);
      // PostgreSQL rounds a double's ties to even: through numeric (the stored decimal) it is exact.
      const hundredths = postgres ? sql`round(${name}::numeric * 100)` : sql`round(${name} * 100)`;
      await sql`update ${sql.id(table)} set ${name} = ${hundredths} where ${name} is not null`.execute(db);
    }
  }
  await convertJson(db, 'audit_log', 'changes', auditChanges);
  await convertJson(db, 'trash', 'record', trashedRecord);
  await sql`insert into money_hundredths_done (done) values (1)`.execute(db);
}

/** Whole units with a decimal fraction as hundredths, rounded half away from zero. */
const hundredthsOf = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount) * 100);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A money value `{ amount, currency }` in hundredths; anything else as it is. */
function money(value: unknown): unknown {
  if (!isObject(value) || typeof value.amount !== 'number' || typeof value.currency !== 'string')
    return value;
  return { ...value, amount: hundredthsOf(value.amount) };
}

/** An audit entry: `{ field: { from, to } }` of a write, `{ action, input }` of an action. */
function auditChanges(changes: Json, fields: string[]): Json {
  const converted: Json = { ...changes };
  for (const field of fields) {
    const change = changes[field];
    if (isObject(change) && ('from' in change || 'to' in change))
      converted[field] = { ...change, from: money(change.from), to: money(change.to) };
  }
  if (typeof changes.action === 'string' && isObject(changes.input)) {
    const input: Json = { ...changes.input };
    for (const field of fields) if (field in input) input[field] = money(input[field]);
    converted.input = input;
  }
  return converted;
}

/** A trashed record: `{ values: { field: value }, version, createdAt }`. */
function trashedRecord(record: Json, fields: string[]): Json {
  if (!isObject(record.values)) return record;
  const values: Json = { ...record.values };
  for (const field of fields) if (field in values) values[field] = money(values[field]);
  return { ...record, values };
}

/** Rewrites the JSON column of the rows of entities with money fields, a batch of rows at a time. */
async function convertJson(
  db: AnyKysely,
  table: string,
  column: string,
  convert: (value: Json, fields: string[]) => Json,
) {
  const BATCH = 500;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'entity', column])
      .where('entity', 'in', Object.keys(FIELDS))
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const stored = String(row[column]);
      let parsed: unknown;
      try {
        parsed = JSON.parse(stored);
      } catch {
        continue;
      }
      if (!isObject(parsed)) continue;
      const text = JSON.stringify(convert(parsed, FIELDS[String(row.entity)]!));
      if (text !== stored)
        await db
          .updateTable(table)
          .set({ [column]: text })
          .where('id', '=', row.id)
          .execute();
    }
    if (rows.length < BATCH) return;
    after = Number(rows.at(-1)!.id);
  }
}

/**
 * The tables this migration creates or alters, as they are after it. The next migration is generated
 * from what every migration recorded, in order (`latestSchema`).
 */
export const schema: TableModel[] = [
  {
    name: 'camps',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      { name: 'name', type: 'varchar(150)', notNull: true },
      { name: 'name_sort', type: 'sortKey', notNull: true },
      { name: 'date_from', type: 'varchar(10)', notNull: true },
      { name: 'date_to', type: 'varchar(10)', notNull: true },
      { name: 'place', type: 'varchar(200)' },
      { name: 'place_sort', type: 'sortKey' },
      { name: 'description', type: 'text' },
      { name: 'price_amount', type: 'bigint' },
      { name: 'price_currency', type: 'varchar(3)' },
      { name: 'capacity', type: 'bigint' },
      { name: 'registration_deadline', type: 'varchar(10)' },
      { name: 'search_text', type: 'text', notNull: true, default: '' },
      { name: 'version', type: 'integer', notNull: true, default: 1 },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
    ],
    indexes: [
      {
        name: 'camps_capacity',
        columns: ['capacity', 'id'],
      },
      {
        name: 'camps_date_from',
        columns: ['date_from', 'id'],
      },
      {
        name: 'camps_date_to',
        columns: ['date_to', 'id'],
      },
      {
        name: 'camps_name_sort',
        columns: ['name_sort', 'id'],
      },
      {
        name: 'camps_place_sort',
        columns: ['place_sort', 'id'],
      },
      {
        name: 'camps_registration_deadline',
        columns: ['registration_deadline', 'id'],
      },
    ],
    search: true,
    searchColumns: ['name', 'place'],
  },
  {
    name: 'races',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      { name: 'name', type: 'varchar(150)', notNull: true },
      { name: 'name_sort', type: 'sortKey', notNull: true },
      { name: 'date_from', type: 'varchar(10)', notNull: true },
      { name: 'date_to', type: 'varchar(10)' },
      { name: 'place', type: 'varchar(200)' },
      { name: 'place_sort', type: 'sortKey' },
      { name: 'discipline', type: 'varchar(100)' },
      { name: 'discipline_sort', type: 'sortKey' },
      { name: 'categories', type: 'varchar(500)' },
      { name: 'categories_sort', type: 'sortKey' },
      { name: 'registration_deadline', type: 'varchar(10)' },
      { name: 'entry_fee_amount', type: 'bigint' },
      { name: 'entry_fee_currency', type: 'varchar(3)' },
      { name: 'results_url', type: 'text' },
      { name: 'results_url_sort', type: 'sortKey' },
      { name: 'note', type: 'text' },
      { name: 'search_text', type: 'text', notNull: true, default: '' },
      { name: 'version', type: 'integer', notNull: true, default: 1 },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
    ],
    indexes: [
      {
        name: 'races_categories_sort',
        columns: ['categories_sort', 'id'],
      },
      {
        name: 'races_date_from',
        columns: ['date_from', 'id'],
      },
      {
        name: 'races_date_to',
        columns: ['date_to', 'id'],
      },
      {
        name: 'races_discipline_sort',
        columns: ['discipline_sort', 'id'],
      },
      {
        name: 'races_name_sort',
        columns: ['name_sort', 'id'],
      },
      {
        name: 'races_place_sort',
        columns: ['place_sort', 'id'],
      },
      {
        name: 'races_registration_deadline',
        columns: ['registration_deadline', 'id'],
      },
      {
        name: 'races_results_url_sort',
        columns: ['results_url_sort', 'id'],
      },
    ],
    search: true,
    searchColumns: ['name', 'place', 'discipline'],
  },
  {
    name: 'payments',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      {
        name: 'member',
        type: 'integer',
        notNull: true,
        references: { table: 'members', onDelete: 'no action' },
      },
      { name: 'title', type: 'varchar(200)', notNull: true },
      { name: 'title_sort', type: 'sortKey', notNull: true },
      { name: 'amount_amount', type: 'bigint', notNull: true },
      { name: 'amount_currency', type: 'varchar(3)', notNull: true },
      { name: 'due_date', type: 'varchar(10)', notNull: true },
      { name: 'state', type: 'varchar(20)' },
      { name: 'paid_amount_amount', type: 'bigint' },
      { name: 'paid_amount_currency', type: 'varchar(3)' },
      { name: 'cancelled', type: 'boolean', notNull: true },
      { name: 'variable_symbol', type: 'varchar(10)', unique: true },
      { name: 'variable_symbol_sort', type: 'sortKey' },
      { name: 'specific_symbol', type: 'varchar(10)' },
      { name: 'specific_symbol_sort', type: 'sortKey' },
      { name: 'message', type: 'varchar(60)' },
      { name: 'message_sort', type: 'sortKey' },
      { name: 'spayd', type: 'varchar(500)' },
      { name: 'spayd_sort', type: 'sortKey' },
      { name: 'search_text', type: 'text', notNull: true, default: '' },
      { name: 'version', type: 'integer', notNull: true, default: 1 },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
    ],
    indexes: [
      {
        name: 'payments_cancelled',
        columns: ['cancelled', 'id'],
      },
      {
        name: 'payments_due_date',
        columns: ['due_date', 'id'],
      },
      {
        name: 'payments_member',
        columns: ['member'],
      },
      {
        name: 'payments_message_sort',
        columns: ['message_sort', 'id'],
      },
      {
        name: 'payments_spayd_sort',
        columns: ['spayd_sort', 'id'],
      },
      {
        name: 'payments_specific_symbol_sort',
        columns: ['specific_symbol_sort', 'id'],
      },
      {
        name: 'payments_state',
        columns: ['state', 'id'],
      },
      {
        name: 'payments_title_sort',
        columns: ['title_sort', 'id'],
      },
      {
        name: 'payments_variable_symbol_sort',
        columns: ['variable_symbol_sort', 'id'],
      },
    ],
    search: true,
    searchColumns: ['title', 'variable_symbol'],
  },
  {
    name: 'bank_transactions',
    columns: [
      { name: 'id', type: 'id', notNull: true },
      { name: 'date', type: 'varchar(10)', notNull: true },
      { name: 'amount_amount', type: 'bigint', notNull: true },
      { name: 'amount_currency', type: 'varchar(3)', notNull: true },
      { name: 'variable_symbol', type: 'varchar(10)' },
      { name: 'variable_symbol_sort', type: 'sortKey' },
      {
        name: 'payment',
        type: 'integer',
        references: { table: 'payments', onDelete: 'set null' },
      },
      { name: 'counter_name', type: 'varchar(200)' },
      { name: 'counter_name_sort', type: 'sortKey' },
      { name: 'counter_account', type: 'varchar(60)' },
      { name: 'counter_account_sort', type: 'sortKey' },
      { name: 'message', type: 'varchar(500)' },
      { name: 'message_sort', type: 'sortKey' },
      { name: 'specific_symbol', type: 'varchar(10)' },
      { name: 'specific_symbol_sort', type: 'sortKey' },
      { name: 'constant_symbol', type: 'varchar(10)' },
      { name: 'constant_symbol_sort', type: 'sortKey' },
      { name: 'transaction_id', type: 'varchar(100)', notNull: true, unique: true },
      { name: 'transaction_id_sort', type: 'sortKey', notNull: true },
      { name: 'search_text', type: 'text', notNull: true, default: '' },
      { name: 'version', type: 'integer', notNull: true, default: 1 },
      { name: 'created_at', type: 'dateTime', notNull: true },
      { name: 'updated_at', type: 'dateTime', notNull: true },
    ],
    indexes: [
      {
        name: 'bank_transactions_constant_symbol_sort',
        columns: ['constant_symbol_sort', 'id'],
      },
      {
        name: 'bank_transactions_counter_account_sort',
        columns: ['counter_account_sort', 'id'],
      },
      {
        name: 'bank_transactions_counter_name_sort',
        columns: ['counter_name_sort', 'id'],
      },
      {
        name: 'bank_transactions_date',
        columns: ['date', 'id'],
      },
      {
        name: 'bank_transactions_message_sort',
        columns: ['message_sort', 'id'],
      },
      {
        name: 'bank_transactions_payment',
        columns: ['payment'],
      },
      {
        name: 'bank_transactions_specific_symbol_sort',
        columns: ['specific_symbol_sort', 'id'],
      },
      {
        name: 'bank_transactions_transaction_id_sort',
        columns: ['transaction_id_sort', 'id'],
      },
      {
        name: 'bank_transactions_variable_symbol_sort',
        columns: ['variable_symbol_sort', 'id'],
      },
    ],
    search: true,
    searchColumns: ['counter_name', 'variable_symbol', 'message', 'counter_account'],
  },
];

const table = (name: string) => schema.find((model) => model.name === name)!;
