import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import { applyPendingRanks, RANKED_SEARCH, WORD_START } from '../db/ranked-search.ts';
import type { CompiledEntity } from './compile-entity.ts';
import type { ValueShape } from './compiled-shapes.ts';
import {
  fieldStartCondition,
  fieldStartSearchable,
  ftsPhrase,
  SUBSTRING_MIN_LENGTH,
  searchWords,
  sortKeyRanges,
} from './datagrid-filter.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import {
  type PostgresRankedSearch,
  postgresMatches,
  postgresRankedRows,
  postgresRankedSearch,
  postgresSearchShape,
} from './datagrid-ranked-postgres.ts';
import type { DynamicDb } from './records.repository.ts';

// Searches answered by an index whose matches come in list order: SQLite's ranked FTS5 index
// (db/ranked-search.ts) here, PostgreSQL's trigram entries in datagrid-ranked-postgres.ts.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's builders for dynamic tables
type Builder = any;

export type RankedSearch = SqliteRankedSearch | PostgresRankedSearch;

export interface SqliteRankedSearch {
  engine: 'sqlite';
  /** The FTS5 query. */
  fts: string;
  /** Short words, each the start of a searched field: the index finds word starts, checked here. */
  words?: string[];
}

/** The search's words, when the table has an index in list order and no column filter narrows it. */
function rankedWords(entity: CompiledEntity, query: DatagridQuery): string[] | undefined {
  if (!RANKED_SEARCH[entity.declaration.table] || query.filters.length > 0) return undefined;
  const words = searchWords(query.search);
  return words.length > 0 ? words : undefined;
}

/**
 * How SQLite's ranked index answers a search, or undefined when it cannot: a table without one,
 * column filters, or short and long words mixed (the long one narrows, the short one is then a
 * substring of what it found, which the plain path does). Words of three letters or more are
 * substrings; shorter ones, all of them, start a word in the index (WORD_START), then a field.
 */
export function rankedSearch(entity: CompiledEntity, query: DatagridQuery): SqliteRankedSearch | undefined {
  const words = rankedWords(entity, query);
  if (!words) return undefined;
  if (words.every((word) => word.length >= SUBSTRING_MIN_LENGTH))
    return { engine: 'sqlite', fts: words.map(ftsPhrase).join(' AND ') };
  if (!words.every((word) => fieldStartSearchable(entity, word))) return undefined;
  return { engine: 'sqlite', fts: words.map((word) => ftsPhrase(WORD_START + word)).join(' AND '), words };
}

/**
 * The ranked search of the query, once SQLite's ranked index holds every rank queued so far; undefined
 * when there is none, or when that index cannot be brought up to date (a full disk): the plain trigram
 * index, which the triggers keep at once, answers.
 */
export async function usableRankedSearch(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
): Promise<RankedSearch | undefined> {
  if (engine === 'postgres') {
    const words = rankedWords(entity, query);
    return words && postgresRankedSearch(db, entity, words);
  }
  const search = rankedSearch(entity, query);
  if (!search) return undefined;
  try {
    await applyPendingRanks(db, entity.declaration.table);
    return search;
  } catch {
    return undefined;
  }
}

/** The ranks of the index's matches, in order (the list's by its default sort). */
function ranks(db: DynamicDb, entity: CompiledEntity, search: SqliteRankedSearch, direction: 'asc' | 'desc') {
  const index = `${entity.declaration.table}_ranked`;
  return db
    .selectFrom(index)
    .select('rowid as rank')
    .where(sql<boolean>`${sql.id(index)} match ${search.fts}`)
    .orderBy('rowid', direction);
}

/** The rows of `page` (ranks), joined as `t`; short words checked to start a field, not just a word. */
function rowsOf(db: DynamicDb, entity: CompiledEntity, search: SqliteRankedSearch, page: Builder) {
  const { table } = entity.declaration;
  const rows = db
    .selectFrom(page.as('page'))
    .innerJoin(`${table}_rank as r`, 'r.rank', 'page.rank')
    .innerJoin(`${table} as t`, 't.id', 'r.id');
  const words = search.words;
  if (!words) return rows;
  return rows.where((eb: Builder) =>
    eb.and(words.map((word) => fieldStartCondition(eb, entity, sortKeyRanges(word)))),
  );
}

/**
 * The statement counting the matches up to `cap`, the exact-total threshold and one more (a search from
 * usableRankedSearch): one column, `total` (see cappedCountQuery).
 */
export function rankedCountQuery(db: DynamicDb, entity: CompiledEntity, search: RankedSearch, cap: number) {
  const matches: Builder =
    search.engine === 'postgres'
      ? postgresMatches(db, entity, search, cap)
      : search.words
        ? rowsOf(db, entity, search, ranks(db, entity, search, 'asc')).select(sql`1`.as('one'))
        : ranks(db, entity, search, 'asc');
  return db
    .selectFrom(matches.limit(cap).as('matches'))
    .select((eb: Builder) => eb.fn.countAll().as('total'));
}

/**
 * A search's shape, for statements compiled once per shape (compiledOnce); undefined for SQLite's short
 * words, whose statements there are made of the words themselves.
 */
export function searchShape(search: RankedSearch): ValueShape<RankedSearch> | undefined {
  if (search.engine === 'sqlite')
    return search.words
      ? undefined
      : { key: 'sqlite', values: [search.fts], of: ([fts]) => ({ ...search, fts: fts as string }) };
  return postgresSearchShape(search);
}

/** Whether the list is sorted in the order of the table's ranked index, which rankedRowsQuery reads. */
export const sortedAsIndexed = (entity: CompiledEntity, query: DatagridQuery) =>
  RANKED_SEARCH[entity.declaration.table] === query.sort.sortColumn;

/**
 * The statement of a page of the search's rows, when the list is sorted by what the index follows:
 * read from the index in order, a page costs its own rows whatever the number of matches (0.2–0.3 ms
 * for 50 rows at 100,000 members). Substrings take the page's ranks from the index before reading rows;
 * short words read rows until the page is full, as a word start may not start a field. Undefined when
 * sorted otherwise.
 */
export function rankedRowsQuery(
  db: DynamicDb,
  entity: CompiledEntity,
  search: RankedSearch,
  query: DatagridQuery,
  offset: number,
  columns: string[],
): Builder | undefined {
  if (!sortedAsIndexed(entity, query)) return undefined;
  const page = (builder: Builder) => builder.limit(query.limit).offset(offset);
  if (search.engine === 'postgres') return postgresRankedRows(db, entity, search, query, offset, columns);
  const matches = ranks(db, entity, search, query.direction);
  const rows = search.words
    ? page(rowsOf(db, entity, search, matches))
    : rowsOf(db, entity, search, page(matches));
  return rows.select(columns.map((column) => `t.${column}`)).orderBy('page.rank', query.direction);
}
