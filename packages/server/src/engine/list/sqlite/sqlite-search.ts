import { sql } from 'kysely';
import { applyPendingRanks, RANKED_SEARCH, WORD_START } from '../../../db/ranked-search.ts';
import type { CompiledEntity } from '../../declaration/compile-entity.ts';
import type { DynamicDb } from '../../records/records.repository.ts';
import {
  fieldStartCondition,
  fieldStartSearchable,
  SUBSTRING_MIN_LENGTH,
  searchWords,
  sortKeyRanges,
} from '../conditions.ts';
import type { ListQuery } from '../list-query.ts';
import type { RankedIndex } from '../ranked-page.ts';
import { ftsPhrase, sqliteNarrowed } from './sqlite-conditions.ts';

// Searches answered by SQLite's ranked FTS5 index, whose matches come in list order (db/ranked-search.ts).

// biome-ignore lint/suspicious/noExplicitAny: Kysely's builders for dynamic tables
type Builder = any;

export interface SqliteRankedSearch {
  /** The FTS5 query. */
  fts: string;
  /** Short words, each the start of a searched field: the index finds word starts, checked here. */
  words?: string[];
}

/**
 * How the ranked index answers a search, or undefined when it cannot: a table without one, column
 * filters, or short and long words mixed (the long one narrows, the short one is then a substring of
 * what it found, which the plain path does), or a row rule (the person's rows, fewer than the
 * index walks to find them). Words of three letters or more are substrings; shorter
 * ones, all of them, start a word in the index (WORD_START), then a field.
 */
export function rankedSearch(entity: CompiledEntity, query: ListQuery): SqliteRankedSearch | undefined {
  if (!RANKED_SEARCH[entity.declaration.table] || query.filters.length > 0 || query.scope) return undefined;
  if (entity.searchedRelations.length > 0) return undefined;
  const words = searchWords(query.search);
  if (words.length === 0) return undefined;
  if (words.every((word) => word.length >= SUBSTRING_MIN_LENGTH))
    return { fts: words.map(ftsPhrase).join(' AND ') };
  if (!words.every((word) => fieldStartSearchable(entity, word))) return undefined;
  return { fts: words.map((word) => ftsPhrase(WORD_START + word)).join(' AND '), words };
}

/**
 * The ranked search of the query, once the ranked index holds every rank queued so far; undefined when
 * there is none, or when that index cannot be brought up to date (a full disk): the plain trigram
 * index, which the triggers keep at once, answers.
 */
export async function usableRankedSearch(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
): Promise<SqliteRankedSearch | undefined> {
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
 * The ranked index as the list reads it. A page is read from the index in order, so it costs its own
 * rows whatever the number of matches (0.2–0.3 ms for 50 rows at 100,000 members). Substrings take the
 * page's ranks from the index before reading rows; short words read rows until the page is full, as a
 * word start may not start a field. Short words are counted from the sort-key ranges alone (0.1 ms at
 * 100,000 members against 0.7–0.9 ms through the ranked index, which reads every match's row to check
 * it starts a field); their statements are made of the words themselves, so they have no shape.
 */
export const SQLITE_RANKED_INDEX: RankedIndex<SqliteRankedSearch> = {
  rows(db, entity, search, query, offset, columns) {
    const page = (builder: Builder) => builder.limit(query.limit).offset(offset);
    const matches = ranks(db, entity, search, query.direction);
    const rows = search.words
      ? page(rowsOf(db, entity, search, matches))
      : rowsOf(db, entity, search, page(matches));
    return rows.select(columns.map((column) => `t.${column}`)).orderBy('page.rank', query.direction);
  },
  matches(db, entity, search, query) {
    return search.words
      ? sqliteNarrowed(db, entity, query).select(sql`1`.as('one'))
      : ranks(db, entity, search, 'asc');
  },
  shape(search) {
    return search.words
      ? undefined
      : { key: 'sqlite', values: [search.fts], of: ([fts]) => ({ ...search, fts: fts as string }) };
  },
};
