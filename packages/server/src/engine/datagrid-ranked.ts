import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import { applyPendingRanks, RANKED_SEARCH, WORD_START } from '../db/ranked-search.ts';
import type { CompiledEntity } from './compile-entity.ts';
import {
  fieldStartCondition,
  fieldStartSearchable,
  ftsPhrase,
  SUBSTRING_MIN_LENGTH,
  searchWords,
} from './datagrid-filter.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import type { Row } from './record-mapper.ts';
import type { DynamicDb } from './records.repository.ts';

// Searches answered by SQLite's ranked index (db/ranked-search.ts), whose matches come in list order.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's builders for dynamic tables
type Builder = any;

export interface RankedSearch {
  /** The FTS5 query. */
  fts: string;
  /** Short words, each the start of a searched field: the index finds word starts, checked here. */
  words?: string[];
}

/**
 * How the ranked index answers a search, or undefined when it cannot: another engine, a table without
 * one, column filters, or short and long words mixed (the long one narrows, the short one is then a
 * substring of what it found, which the plain path does). Words of three letters or more are
 * substrings; shorter ones, all of them, start a word in the index (WORD_START), then a field.
 */
export function rankedSearch(
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
): RankedSearch | undefined {
  if (engine !== 'sqlite' || !RANKED_SEARCH[entity.declaration.table] || query.filters.length > 0)
    return undefined;
  const words = searchWords(query.search);
  if (words.length === 0) return undefined;
  if (words.every((word) => word.length >= SUBSTRING_MIN_LENGTH))
    return { fts: words.map(ftsPhrase).join(' AND ') };
  if (!words.every((word) => fieldStartSearchable(entity, word))) return undefined;
  return { fts: words.map((word) => ftsPhrase(WORD_START + word)).join(' AND '), words };
}

/**
 * rankedSearch, once the ranked index holds every rank queued so far; undefined when it cannot be
 * brought up to date (a full disk): the plain trigram index, which the triggers keep at once, answers.
 */
export async function usableRankedSearch(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
): Promise<RankedSearch | undefined> {
  const search = rankedSearch(entity, engine, query);
  if (!search) return undefined;
  try {
    await applyPendingRanks(db, entity.declaration.table);
    return search;
  } catch {
    return undefined;
  }
}

/** The ranks of the index's matches, in order (the list's by its default sort). */
function ranks(db: DynamicDb, entity: CompiledEntity, search: RankedSearch, direction: 'asc' | 'desc') {
  const index = `${entity.declaration.table}_ranked`;
  return db
    .selectFrom(index)
    .select('rowid as rank')
    .where(sql<boolean>`${sql.id(index)} match ${search.fts}`)
    .orderBy('rowid', direction);
}

/** The rows of `page` (ranks), joined as `t`; short words checked to start a field, not just a word. */
function rowsOf(db: DynamicDb, entity: CompiledEntity, search: RankedSearch, page: Builder) {
  const { table } = entity.declaration;
  const rows = db
    .selectFrom(page.as('page'))
    .innerJoin(`${table}_rank as r`, 'r.rank', 'page.rank')
    .innerJoin(`${table} as t`, 't.id', 'r.id');
  const words = search.words;
  if (!words) return rows;
  return rows.where((eb: Builder) => eb.and(words.map((word) => fieldStartCondition(eb, entity, word))));
}

/** Matches counted up to `cap`, the exact-total threshold and one more (a search from usableRankedSearch). */
export async function rankedCount(
  db: DynamicDb,
  entity: CompiledEntity,
  search: RankedSearch,
  cap: number,
): Promise<number> {
  const matches: Builder = search.words
    ? rowsOf(db, entity, search, ranks(db, entity, search, 'asc')).select(sql`1`.as('one'))
    : ranks(db, entity, search, 'asc');
  const row = await db
    .selectFrom(matches.limit(cap).as('matches'))
    .select((eb: Builder) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number((row as Row).total);
}

/**
 * A page of the search's rows, when the list is sorted by what the index follows: read from the index
 * in order, a page costs its own rows whatever the number of matches (0.2–0.3 ms for 50 rows at 100,000
 * members). Substrings take the page's ranks from the index before reading rows; short words read rows
 * until the page is full, as a word start may not start a field. Undefined when sorted otherwise.
 */
export async function rankedRows(
  db: DynamicDb,
  entity: CompiledEntity,
  search: RankedSearch,
  query: DatagridQuery,
  offset: number,
  columns: string[],
): Promise<Row[] | undefined> {
  if (RANKED_SEARCH[entity.declaration.table] !== query.sort.sortColumn) return undefined;
  const page = (builder: Builder) => builder.limit(query.limit).offset(offset);
  const matches = ranks(db, entity, search, query.direction);
  const rows = search.words
    ? page(rowsOf(db, entity, search, matches))
    : rowsOf(db, entity, search, page(matches));
  return (await rows
    .select(columns.map((column) => `t.${column}`))
    .orderBy('page.rank', query.direction)
    .execute()) as Row[];
}
