import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any table
type AnyKysely = Kysely<any>;

/**
 * PostgreSQL: a table's trigram entries in list order and its kept row count, with the statement
 * triggers keeping them (db/ranked-search-postgres.ts says what they are for and how the engine reads
 * them). The tables that had them when this kit was made, with the sort-key column the entries follow:
 */
const RANKED_SEARCH: Readonly<Record<string, string>> = { members: 'last_name_sort' };

const names = (table: string) => ({
  table: `"${table}"`,
  trigrams: `"${table}_trigrams"`,
  counts: `"${table}_row_counts"`,
  sync: `"${table}_trigrams_sync"`,
  count: `"${table}_row_counts_sync"`,
});

/**
 * The entries of the rows in `rows` (a transition table or a subquery aliased `r`): every trigram with
 * the letter after it, and at the start of every word its first letter and first two letters behind
 * WORD_START ("\x01\x01n", "\x01no", with no letter after), so one or two letters find word starts.
 */
const entriesOf = (rows: string, sortColumn: string) => {
  const text = 'r.search_text';
  const wordStart = `(i = 1 or substr(${text}, i - 1, 1) = ' ') and substr(${text}, i, 1) <> ' '`;
  const from = (last: string) => `from ${rows}, generate_series(1, length(${text}) - ${last}) as i
     where ${text} is not null and r."${sortColumn}" is not null`;
  return `select substr(${text}, i, 3) as trigram, r."${sortColumn}" as sort_key, r.id,
       substr(${text}, i + 3, 1) as next ${from('2')}
     union select chr(1) || chr(1) || substr(${text}, i, 1), r."${sortColumn}", r.id, '' ${from('0')}
       and ${wordStart}
     union select chr(1) || substr(${text}, i, 2), r."${sortColumn}", r.id, '' ${from('1')}
       and ${wordStart} and substr(${text}, i + 1, 1) <> ' '`;
};

/** Rows whose entries changed in an update: another text or another sort key. */
const changed = (side: 'o' | 'n', sortColumn: string) =>
  `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
    where o.search_text is distinct from n.search_text or o."${sortColumn}" is distinct from n."${sortColumn}") as r`;

function syncFunction(table: string, sortColumn: string): string {
  const n = names(table);
  const remove = (rows: string) =>
    `delete from ${n.trigrams} p using (${entriesOf(rows, sortColumn)}) as gone
     where p.trigram = gone.trigram and p.sort_key = gone.sort_key and p.id = gone.id and p.next = gone.next;`;
  const add = (rows: string) =>
    `insert into ${n.trigrams} (trigram, sort_key, id, next) ${entriesOf(rows, sortColumn)};`;
  return `create function ${n.sync}() returns trigger language plpgsql as $body$
    begin
      if tg_op = 'INSERT' then ${add('new_rows as r')}
      elsif tg_op = 'DELETE' then ${remove('old_rows as r')}
      else ${remove(changed('o', sortColumn))} ${add(changed('n', sortColumn))}
      end if;
      return null;
    end $body$`;
}

function countFunction(table: string): string {
  const n = names(table);
  return `create function ${n.count}() returns trigger language plpgsql as $body$
    begin
      if tg_op = 'INSERT' then
        insert into ${n.counts} (delta) select count(*) from new_rows having count(*) > 0;
      elsif tg_op = 'UPDATE' then
        insert into ${n.counts} (delta) select 0 from new_rows having count(*) > 0;
      else
        insert into ${n.counts} (delta) select -count(*) from old_rows having count(*) > 0;
      end if;
      return null;
    end $body$`;
}

/** The statements of a table's kept row count and change count: its table, function and triggers. */
function rowCountStatements(table: string): string[] {
  const n = names(table);
  return [
    `create table ${n.counts} (delta bigint not null, changes bigint not null default 1)`,
    `insert into ${n.counts} (delta, changes) select count(*), 0 from ${n.table}`,
    countFunction(table),
    `create trigger "${table}_row_counts_insert" after insert on ${n.table} referencing new table as new_rows
      for each statement execute function ${n.count}()`,
    `create trigger "${table}_row_counts_update" after update on ${n.table} referencing new table as new_rows
      for each statement execute function ${n.count}()`,
    `create trigger "${table}_row_counts_delete" after delete on ${n.table} referencing old table as old_rows
      for each statement execute function ${n.count}()`,
  ];
}

/** Creates (or rebuilds) a table's kept row count alone, with its triggers (PostgreSQL). */
export async function createPostgresRowCount(db: AnyKysely, table: string): Promise<void> {
  if (engineOf(db) !== 'postgres' || !RANKED_SEARCH[table]) return;
  const n = names(table);
  await sql.raw(`drop function if exists ${n.count}() cascade`).execute(db);
  await sql.raw(`drop table if exists ${n.counts}`).execute(db);
  for (const statement of rowCountStatements(table)) await sql.raw(statement).execute(db);
}

/** Creates (or rebuilds) a table's trigram entries and row count, with their triggers (PostgreSQL). */
export async function createPostgresRankedSearch(db: AnyKysely, table: string): Promise<void> {
  const sortColumn = RANKED_SEARCH[table];
  if (engineOf(db) !== 'postgres' || !sortColumn) return;
  const n = names(table);
  await dropPostgresRankedSearch(db, table);
  const statements = [
    `create table ${n.trigrams} (trigram text collate "C" not null, sort_key text collate "C" not null,
      id integer not null, next text collate "C" not null, primary key (trigram, sort_key, id, next))`,
    // The planner's list of common trigrams is how a search picks its rarest one (leadTrigram).
    `alter table ${n.trigrams} alter column trigram set statistics 1000`,
    `insert into ${n.trigrams} (trigram, sort_key, id, next) ${entriesOf(`${n.table} as r`, sortColumn)}`,
    `analyze ${n.trigrams}`,
    syncFunction(table, sortColumn),
    `create trigger "${table}_trigrams_insert" after insert on ${n.table} referencing new table as new_rows
      for each statement execute function ${n.sync}()`,
    `create trigger "${table}_trigrams_update" after update on ${n.table}
      referencing old table as old_rows new table as new_rows for each statement execute function ${n.sync}()`,
    `create trigger "${table}_trigrams_delete" after delete on ${n.table} referencing old table as old_rows
      for each statement execute function ${n.sync}()`,
    ...rowCountStatements(table),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Drops a table's trigram entries, row count, triggers and their functions (PostgreSQL). */
export async function dropPostgresRankedSearch(db: AnyKysely, table: string): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  const n = names(table);
  // The functions go with their triggers (cascade); the table itself may be gone already.
  await sql.raw(`drop function if exists ${n.sync}() cascade`).execute(db);
  await sql.raw(`drop function if exists ${n.count}() cascade`).execute(db);
  await sql.raw(`drop table if exists ${n.trigrams}`).execute(db);
  await sql.raw(`drop table if exists ${n.counts}`).execute(db);
}
