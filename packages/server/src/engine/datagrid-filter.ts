import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { prefixEnd, searchNormalize, sortKeyPrefixes } from './czech-text.ts';
import type { DatagridQuery, FieldFilter } from './datagrid-query.ts';
import type { DynamicDb } from './records.repository.ts';

// The WHERE of a datagrid query: its search words (trigram index or LIKE) and its column filters.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's where-builder for dynamic tables
type WhereBuilder = any;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search box's text as lower-case, diacritics-free words. */
export const searchWords = (search: string) => searchNormalize(search).split(/\s+/).filter(Boolean);

/** A word as an FTS5 phrase (quoted, so its characters are never read as query syntax). */
export const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** Fragments shorter than this are matched as prefixes of the searched fields, not as substrings. */
export const SUBSTRING_MIN_LENGTH = 3;

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

/**
 * A word of the search box. Three letters or more: a substring of the search text (the trigram index).
 * One or two letters, when no longer word narrows the search: a trigram index cannot narrow that down,
 * and a substring of two letters matches most rows anyway, so a searched field must start with it,
 * looked up as ranges of its sort-key index (`prefix`). Beside a longer word it stays a substring
 * ("filtr b"), checked on the rows the longer word found.
 * `dense`: many rows match, so walking the sort index and probing the match set finds a page sooner
 * than sorting every match; the unary plus keeps SQLite from driving the query by the match set.
 */
function wordCondition(
  eb: WhereBuilder,
  entity: CompiledEntity,
  engine: Engine,
  word: string,
  dense: boolean,
  prefix: boolean,
) {
  const table = entity.declaration.table;
  const columns = prefixColumns(entity);
  // Characters outside the Basic Multilingual Plane (emoji) are searched as substrings: a range's end
  // is the prefix with its last UTF-16 unit raised, which would split a surrogate pair.
  if (prefix && fieldStartSearchable(entity, word)) {
    const ranges = sortKeyRanges(word);
    return eb.or(
      columns.map((column) =>
        fieldStartRanges(
          eb,
          dense && engine === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column),
          ranges,
        ),
      ),
    );
  }
  if (engine === 'sqlite' && word.length >= SUBSTRING_MIN_LENGTH)
    return eb(
      dense ? sql`+id` : 'id',
      'in',
      sql`(select rowid from ${sql.id(`${table}_search`)} where ${sql.id(`${table}_search`)} match ${ftsPhrase(word)})`,
    );
  return eb(sql`search_text`, 'like', sql`${`%${escapeLike(word)}%`} escape '\\'`);
}

/** A short word (see SUBSTRING_MIN_LENGTH) as the start of a searched field: ranges of their sort keys. */
/** The ranges of sort keys that start with a short word (one per spelling it stands for), `[from, to)`. */
export type SortKeyRanges = Array<[from: string, to: string]>;

export const sortKeyRanges = (word: string): SortKeyRanges =>
  sortKeyPrefixes(word).map((prefix) => [prefix, prefixEnd(prefix)]);

/** A sort-key column (or an expression of it) starting with a short word: the ranges of its index. */
export function fieldStartRanges(eb: WhereBuilder, column: unknown, ranges: SortKeyRanges) {
  return eb.or(ranges.map(([from, to]) => eb.and([eb(column, '>=', from), eb(column, '<', to)])));
}

/** A searched field starts with a short word, given as its sort-key ranges (sortKeyRanges). */
export const fieldStartCondition = (eb: WhereBuilder, entity: CompiledEntity, ranges: SortKeyRanges) =>
  eb.or(prefixColumns(entity).map((column) => fieldStartRanges(eb, sql.ref(column), ranges)));

/** Whether a short word can be looked up as the start of a searched field (see wordCondition). */
export const fieldStartSearchable = (entity: CompiledEntity, word: string) =>
  word.length < SUBSTRING_MIN_LENGTH && prefixColumns(entity).length > 0 && !/[\uD800-\uDFFF]/.test(word);

function filterCondition(eb: WhereBuilder, filter: FieldFilter) {
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
  if (filter.type === 'in') return eb(column, 'in', filter.values);
  if (filter.type === 'contains') {
    // Option values are checked against the declaration, so they hold no LIKE wildcard or quote.
    return eb.or(filter.values.map((value) => eb(column, 'like', `%${JSON.stringify(value)}%`)));
  }
  const parts = [];
  if (filter.from !== undefined) parts.push(eb(column, '>=', filter.from));
  if (filter.to !== undefined) {
    // An end date includes the whole day of a date-time.
    parts.push(
      eb(
        column,
        filter.field.kind === 'dateTime' && String(filter.to).length === 10 ? '<' : '<=',
        nextDayIfDate(filter),
      ),
    );
  }
  return eb.and(parts);
}

function nextDayIfDate(filter: Extract<FieldFilter, { type: 'range' }>) {
  if (filter.field.kind !== 'dateTime' || String(filter.to).length !== 10) return filter.to;
  const next = new Date(`${filter.to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** All the filters at once (a relation's `where`, say), as one condition on the entity's own table. */
export const filtersCondition = (eb: WhereBuilder, filters: FieldFilter[]) =>
  eb.and(filters.map((filter) => filterCondition(eb, filter)));

export function filtered(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: Pick<DatagridQuery, 'search' | 'filters'>,
  dense = false,
  /** Rows to narrow instead of the whole table: a subquery named like the table, with its columns. */
  // biome-ignore lint/suspicious/noExplicitAny: an aliased subquery of the dynamic table
  source?: any,
) {
  const table = entity.declaration.table;
  const words = searchWords(query.search);
  const from = source ? db.selectFrom(source) : db.selectFrom(table);
  // No WHERE at all when nothing narrows the set: SQLite then counts from its smallest index.
  if (query.filters.length === 0 && words.length === 0) return from;
  return from.where((eb: WhereBuilder) => {
    const conditions = query.filters.map((filter) => filterCondition(eb, filter));
    const prefix = words.every((word) => word.length < SUBSTRING_MIN_LENGTH);
    for (const word of words) conditions.push(wordCondition(eb, entity, engine, word, dense, prefix));
    return eb.and(conditions);
  });
}

/** The FTS5 query for search words when the trigram index can answer alone, else undefined. */
export function ftsOnlyQuery(engine: Engine, query: DatagridQuery): string | undefined {
  const words = searchWords(query.search);
  if (
    engine !== 'sqlite' ||
    query.filters.length > 0 ||
    words.length === 0 ||
    words.some((word) => word.length < SUBSTRING_MIN_LENGTH)
  ) {
    return undefined;
  }
  return words.map(ftsPhrase).join(' AND ');
}
