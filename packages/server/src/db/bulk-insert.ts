import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any table
type AnyKysely = Kysely<any>;
type Row = Record<string, unknown>;

/**
 * Rows one insert carries at most. More in one statement did not help PostgreSQL: a table's statement
 * triggers (the members' search entries) then sort more than fits their memory at once.
 */
const ROWS_PER_STATEMENT = 400;
/** Bound parameters one multi-row VALUES carries at most: under SQLite's limit (32,766) and PostgreSQL's (65,535). */
const PARAMETERS_PER_STATEMENT = 30_000;

const sameColumns = (rows: readonly Row[]) => {
  const columns = Object.keys(rows[0] ?? {}).join();
  return rows.every((row) => Object.keys(row).join() === columns);
};

/**
 * Rows of one statement on PostgreSQL: one JSON parameter, spread into the table's own column types by
 * json_populate_recordset. A VALUES of 400 rows binds thousands of parameters, whose parsing and
 * planning took PostgreSQL a tenth of the import's inserts.
 */
function fromJson(table: string, rows: readonly Row[]) {
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.ref(column)));
  return sql`insert into ${sql.table(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)})`;
}

/**
 * The rows in statements of as many as each carries: as JSON on PostgreSQL when they are many and all
 * have the same columns (in VALUES a column a row lacks takes its default, in JSON it would be null).
 */
function statements(db: AnyKysely, table: string, rows: readonly Row[]) {
  const json = engineOf(db) === 'postgres' && rows.length > 1 && sameColumns(rows);
  const columns = Math.max(1, ...rows.map((row) => Object.keys(row).length));
  const size = json
    ? ROWS_PER_STATEMENT
    : Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(PARAMETERS_PER_STATEMENT / columns)));
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => {
    const part = rows.slice(index * size, (index + 1) * size);
    return json ? { json: fromJson(table, part) } : { values: db.insertInto(table).values(part) };
  });
}

/** Inserts the rows into `table` in few statements; answers their ids in the rows' order. */
export async function insertReturningIds(
  db: AnyKysely,
  table: string,
  rows: readonly Row[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const statement of statements(db, table, rows)) {
    const inserted = statement.json
      ? (await sql<Row>`${statement.json} returning id`.execute(db)).rows
      : await statement.values.returning('id').execute();
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}

/** Inserts the rows into `table` in few statements. */
export async function insertMany(db: AnyKysely, table: string, rows: readonly Row[]): Promise<void> {
  for (const statement of statements(db, table, rows))
    await (statement.json ? statement.json.execute(db) : statement.values.execute());
}
