import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any table
type AnyKysely = Kysely<any>;

/**
 * SQLite: the ranked search index of a table (db/ranked-search.ts says how the engine reads it): a
 * trigram index whose rowids follow the table's default sort, `<table>_rank` numbering the rows in
 * (sort key, id) order with gaps, and the triggers keeping both in step. The tables that had one when
 * this kit was made, with the sort-key column it follows:
 */
const RANKED_SEARCH: Readonly<Record<string, string>> = { members: 'last_name_sort' };

/** The gap between neighbours after a (re)build (2^40); a row appended at the end adds half of it. */
const SPACING = 1_099_511_627_776;
/** Rows on each side of a closed gap that are spread over their span again. */
const WINDOW = 32;

/**
 * The ranked index's text of a row: its search text with \x01\x01 before every word, so that a word's
 * first one or two letters are a trigram of their own.
 */
const indexedText = (text: string) => `char(1, 1) || replace(${text}, ' ', ' ' || char(1, 1))`;

const names = (table: string) => ({
  table: `"${table}"`,
  rank: `"${table}_rank"`,
  ranked: `"${table}_ranked"`,
  window: `"${table}_rank_window"`,
  pending: `"${table}_rank_pending"`,
});

/** The rank of the row before / after `new` in (sort key, id) order, `null` when there is none. */
function neighbour(table: string, sortColumn: string, side: 'before' | 'after'): string {
  const n = names(table);
  const [compare, direction] = side === 'before' ? ['<', 'desc'] : ['>', 'asc'];
  return `(select r.rank from ${n.table} m join ${n.rank} r on r.id = m.id
    where (m."${sortColumn}", m.id) ${compare} (new."${sortColumn}", new.id)
    order by m."${sortColumn}" ${direction}, m.id ${direction} limit 1)`;
}

/** Trigger statements that give the row `new` its rank. */
function placeRowStatements(table: string, sortColumn: string): string {
  const n = names(table);
  const before = `coalesce(${neighbour(table, sortColumn, 'before')}, 0)`;
  const after = `coalesce(${neighbour(table, sortColumn, 'after')}, ${before} + ${SPACING})`;
  const span = `select lo, (hi - lo) / (2 * (select count(*) from ${n.rank} where rank < 0) + 2) as step from ${n.window}`;
  return `
    insert into ${n.window}(lo, hi) select
      coalesce((select rank from ${n.rank} where rank <= b order by rank desc limit 1 offset ${WINDOW}), 0),
      coalesce((select rank from ${n.rank} where rank >= a order by rank limit 1 offset ${WINDOW}),
        (select max(rank) from ${n.rank}) + ${2 * SPACING})
      from (select ${before} as b, ${after} as a) where a - b < 2;
    update ${n.window} set lo = 0, hi = max(
        (select max(rank) from ${n.rank}) + ${2 * SPACING},
        ((select count(*) from ${n.rank}) + 1) * ${2 * SPACING})
      where (hi - lo) / (2 * (select count(*) from ${n.rank} r where r.rank > lo and r.rank < hi) + 2) < 2;
    update ${n.rank} set rank = -rank
      where rank > (select lo from ${n.window}) and rank < (select hi from ${n.window});
    update ${n.rank} set rank = w.lo + w.step * 2 * x.k
      from (select rank as old, row_number() over (order by rank desc) as k from ${n.rank} where rank < 0) as x,
        (${span}) as w
      where ${n.rank}.rank = x.old;
    delete from ${n.window};
    insert into ${n.rank}(rank, id) select b + (a - b) / 2, new.id from (select ${before} as b, ${after} as a);`;
}

async function createTriggers(db: AnyKysely, table: string, sortColumn: string): Promise<void> {
  const n = names(table);
  const queue = (rank: string) => `insert or replace into ${n.pending}(rank, taken) values (${rank}, 0);`;
  const statements = [
    `create trigger "${table}_rank_insert" after insert on ${n.rank} begin ${queue('new.rank')} end`,
    `create trigger "${table}_rank_delete" after delete on ${n.rank} begin ${queue('old.rank')} end`,
    `create trigger "${table}_rank_update" after update of rank on ${n.rank} begin
      ${queue('old.rank')} ${queue('new.rank')} end`,
    `create trigger "${table}_ranked_insert" after insert on ${n.table} begin
      ${placeRowStatements(table, sortColumn)} end`,
    `create trigger "${table}_ranked_delete" after delete on ${n.table} begin
      delete from ${n.rank} where id = old.id; end`,
    `create trigger "${table}_ranked_sort" after update of "${sortColumn}" on ${n.table}
      when old."${sortColumn}" is not new."${sortColumn}" begin
      delete from ${n.rank} where id = old.id;
      ${placeRowStatements(table, sortColumn)} end`,
    `create trigger "${table}_ranked_text" after update of search_text on ${n.table}
      when old.search_text is not new.search_text begin
      insert or replace into ${n.pending}(rank, taken) select rank, 0 from ${n.rank} where id = new.id; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

const TRIGGERS = [
  'rank_insert',
  'rank_delete',
  'rank_update',
  'ranked_insert',
  'ranked_delete',
  'ranked_sort',
  'ranked_text',
];

/** Drops a table's ranked index, its rank table and their triggers (SQLite). */
export async function dropRankedSearch(db: AnyKysely, table: string): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  const n = names(table);
  for (const trigger of TRIGGERS) await sql.raw(`drop trigger if exists "${table}_${trigger}"`).execute(db);
  for (const name of [n.ranked, n.rank, n.window, n.pending])
    await sql.raw(`drop table if exists ${name}`).execute(db);
}

/**
 * (Re)builds a table's ranked index from its rows: ranks spaced evenly in sort order, then the triggers.
 * 100,000 members: about 2.5 s. Nothing on PostgreSQL (its trigram index cannot return rows in order).
 */
export async function createRankedSearch(db: AnyKysely, table: string): Promise<void> {
  const sortColumn = RANKED_SEARCH[table];
  if (engineOf(db) !== 'sqlite' || !sortColumn) return;
  const n = names(table);
  await dropRankedSearch(db, table);
  await sql.raw(`create table ${n.rank} (rank integer primary key, id integer not null unique)`).execute(db);
  await sql.raw(`create table ${n.window} (lo integer not null, hi integer not null)`).execute(db);
  await sql.raw(`create table ${n.pending} (rank integer primary key, taken integer not null)`).execute(db);
  await sql
    .raw(
      `create virtual table ${n.ranked} using fts5(search_text, content='', contentless_delete=1, tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into ${n.rank}(rank, id) select row_number() over (order by "${sortColumn}", id) * ${SPACING}, id from ${n.table}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into ${n.ranked}(rowid, search_text) select r.rank, ${indexedText('t.search_text')} from ${n.rank} r join ${n.table} t on t.id = r.id`,
    )
    .execute(db);
  await createTriggers(db, table, sortColumn);
}

/** After SQLite rebuilt a table (which drops its triggers): its ranked index, rebuilt, if it had one. */
export async function restoreRankedSearch(db: AnyKysely, table: string): Promise<void> {
  const found =
    await sql`select 1 from sqlite_master where type = 'table' and name = ${`${table}_rank`}`.execute(db);
  if (found.rows.length > 0) await createRankedSearch(db, table);
}
