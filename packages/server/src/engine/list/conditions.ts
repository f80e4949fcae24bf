import { NO_RECORD_FILTER } from '@klubovna/shared';
import { sql } from 'kysely';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import { prefixEnd, searchNormalize, sortKeyPrefixes } from '../schema/czech-text.ts';
import type { FieldFilter, ListQuery } from './list-query.ts';

// The WHERE of a list's statements that both databases write alike: column filters and short words as
// ranges of sort keys. How a longer word is found is each reader's own (a WordCondition).

// biome-ignore lint/suspicious/noExplicitAny: Kysely's builders for dynamic tables
type Builder = any;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search box's text as lower-case, diacritics-free words. */
export const searchWords = (search: string) => searchNormalize(search).split(/\s+/).filter(Boolean);

/** Fragments shorter than this are matched as prefixes of the searched fields, not as substrings. */
export const SUBSTRING_MIN_LENGTH = 3;

/** Whether a list is narrowed (a search or a filter), so that it is not the whole table. */
export const isNarrowed = (query: Pick<ListQuery, 'search' | 'filters' | 'scope'>) =>
  query.search !== '' || query.filters.length > 0 || query.scope !== undefined;

const prefixColumnsOf = new WeakMap<CompiledEntity, string[]>();

/** Sort-key columns of the searched fields (each has an index): where a short fragment is looked up. */
export function prefixColumns(entity: CompiledEntity): string[] {
  let columns = prefixColumnsOf.get(entity);
  if (!columns) {
    const searched = new Set(entity.declaration.searchFields);
    columns = entity.sortKeyFields
      .filter((field) => searched.has(field.name))
      .map((field) => field.sortColumn);
    prefixColumnsOf.set(entity, columns);
  }
  return columns;
}

/** The ranges of sort keys that start with a short word (one per spelling it stands for), `[from, to)`. */
export type SortKeyRanges = Array<[from: string, to: string]>;

export const sortKeyRanges = (word: string): SortKeyRanges =>
  sortKeyPrefixes(word).map((prefix) => [prefix, prefixEnd(prefix)]);

/** A sort-key column (or an expression of it) starting with a short word: the ranges of its index. */
export function fieldStartRanges(eb: Builder, column: unknown, ranges: SortKeyRanges) {
  return eb.or(ranges.map(([from, to]) => eb.and([eb(column, '>=', from), eb(column, '<', to)])));
}

/** A searched field starts with a short word, given as its sort-key ranges (sortKeyRanges). */
export const fieldStartCondition = (eb: Builder, entity: CompiledEntity, ranges: SortKeyRanges) =>
  eb.or(prefixColumns(entity).map((column) => fieldStartRanges(eb, sql.ref(column), ranges)));

/**
 * Whether a short word can be looked up as the start of a searched field. Characters outside the Basic
 * Multilingual Plane (emoji) are searched as substrings: a range's end is the prefix with its last
 * UTF-16 unit raised, which would split a surrogate pair.
 */
export const fieldStartSearchable = (entity: CompiledEntity, word: string) =>
  word.length < SUBSTRING_MIN_LENGTH && prefixColumns(entity).length > 0 && !/[\uD800-\uDFFF]/.test(word);

function filterCondition(eb: Builder, filter: FieldFilter) {
  const column = filter.field.column;
  if (filter.type === 'boolean') return eb(column, '=', filter.value ? 1 : 0);
  if (filter.type === 'in' && filter.field.joinTable) {
    // relationMany: owners linked to any of the ids.
    const linked = eb
      .selectFrom(filter.field.joinTable)
      .select('owner_id')
      .where('target_id', 'in', filter.values);
    return eb('id', 'in', linked);
  }
  if (filter.type === 'in' && filter.field.kind === 'relation' && filter.values.includes(NO_RECORD_FILTER)) {
    const ids = filter.values.filter((value) => value !== NO_RECORD_FILTER);
    return eb.or([eb(column, 'is', null), ...(ids.length > 0 ? [eb(column, 'in', ids)] : [])]);
  }
  if (filter.type === 'in') return eb(column, 'in', filter.values);
  if (filter.type === 'contains') {
    // Option values are checked against the declaration, so they hold no LIKE wildcard or quote.
    return eb.or(filter.values.map((value) => eb(column, 'like', `%${JSON.stringify(value)}%`)));
  }
  const parts = [];
  if (filter.from !== undefined) parts.push(eb(column, '>=', filter.from));
  if (filter.to !== undefined) parts.push(eb(column, '<=', filter.to));
  return eb.and(parts);
}

/** All the filters at once (a relation's `where`, say), as one condition on the entity's own table. */
export const filtersCondition = (eb: Builder, filters: FieldFilter[]) =>
  eb.and(filters.map((filter) => filterCondition(eb, filter)));

/**
 * How a reader finds a word of three letters or more (SQLite through its trigram index, PostgreSQL by
 * LIKE on the search text). `dense`: many rows match (see narrowed).
 */
export type WordCondition = (eb: Builder, entity: CompiledEntity, word: string, dense: boolean) => unknown;

/** A sort-key column as a reader's dense statements refer to it (SQLite's unary plus, see narrowed). */
export type DenseColumn = (column: string, dense: boolean) => unknown;

/** How a reader writes what differs between the databases in a list's WHERE. */
export interface SearchWays {
  word: WordCondition;
  column: DenseColumn;
}

/** The column as it is: what a reader without SQLite's unary plus writes. */
export const plainColumn: DenseColumn = (column) => sql.ref(column);

/**
 * A word of the search box, in the record's own searched fields or in those of a searched relation's
 * record (a subquery of its table, by its own index). Three letters or more: a substring of the search text (the reader's
 * WordCondition). One or two letters, when no longer word narrows the search: a trigram index cannot
 * narrow that down, and a substring of two letters matches most rows anyway, so a searched field must
 * start with it, looked up as ranges of its sort-key index (`prefix`). Beside a longer word it stays a
 * substring ("filtr b"), checked on the rows the longer word found.
 */
function searchCondition(
  eb: Builder,
  entity: CompiledEntity,
  word: string,
  prefix: boolean,
  dense: boolean,
  ways: SearchWays,
) {
  const own = ownSearchCondition(eb, entity, word, prefix, dense, ways);
  const amount = entity.searchedAmounts.length > 0 ? hundredthsOf(word) : undefined;
  if (entity.searchedRelations.length === 0 && amount === undefined) return own;
  return eb.or([
    own,
    ...(amount === undefined
      ? []
      : entity.searchedAmounts.map((field) => eb(sql.ref(`${field.column}_amount`), '=', amount))),
    ...entity.searchedRelations.map(({ field, target }) =>
      eb(
        sql.ref(field.column),
        'in',
        eb
          .selectFrom(target.declaration.table)
          .select('id')
          .where((inner: Builder) => ownSearchCondition(inner, target, word, prefix, false, ways)),
      ),
    ),
  ]);
}

/** A word read as an amount in hundredths (`1500` → 150000, `1500,5` → 150050), or undefined. */
function hundredthsOf(word: string): number | undefined {
  const match = /^(\d{1,10})(?:[,.](\d{1,2}))?$/.exec(word);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** A word in the record's own searched fields (see searchCondition). */
function ownSearchCondition(
  eb: Builder,
  entity: CompiledEntity,
  word: string,
  prefix: boolean,
  dense: boolean,
  ways: SearchWays,
) {
  if (prefix && fieldStartSearchable(entity, word)) {
    const ranges = sortKeyRanges(word);
    return eb.or(
      prefixColumns(entity).map((column) => fieldStartRanges(eb, ways.column(column, dense), ranges)),
    );
  }
  if (word.length >= SUBSTRING_MIN_LENGTH) return ways.word(eb, entity, word, dense);
  return eb(sql`search_text`, 'like', sql`${`%${escapeLike(word)}%`} escape '\\'`);
}

/** A substring of the search text, by LIKE (what a reader without a better way writes). */
export const likeWord: WordCondition = (eb, _entity, word) =>
  eb(sql`search_text`, 'like', sql`${`%${escapeLike(word)}%`} escape '\\'`);

/**
 * The rows of a list: its table (or `source`, a subquery named like the table with its columns) where
 * its filters and search words hold. `dense`: many rows match, so walking the sort index and probing
 * the match set finds a page sooner than sorting every match (SQLite's DenseColumn keeps it from driving
 * the query by the match set).
 */
export function narrowed(
  db: DynamicDb,
  entity: CompiledEntity,
  query: Pick<ListQuery, 'search' | 'filters' | 'scope'>,
  ways: SearchWays,
  dense = false,
  // biome-ignore lint/suspicious/noExplicitAny: an aliased subquery of the dynamic table
  source?: any,
) {
  const words = searchWords(query.search);
  const from = source ? db.selectFrom(source) : db.selectFrom(entity.declaration.table);
  // No WHERE at all when nothing narrows the set: SQLite then counts from its smallest index.
  if (query.filters.length === 0 && words.length === 0 && !query.scope) return from;
  return from.where((eb: Builder) => {
    const conditions = query.filters.map((filter) => filterCondition(eb, filter));
    if (query.scope) conditions.push(query.scope.where(eb));
    const prefix = words.every((word) => word.length < SUBSTRING_MIN_LENGTH);
    for (const word of words) conditions.push(searchCondition(eb, entity, word, prefix, dense, ways));
    return eb.and(conditions);
  });
}
