import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import { applyPendingRanks, RANKED_SEARCH, WORD_START } from '../db/ranked-search.ts';
import { type Gram, gramIsWord, leadGram, wordStartGram } from '../db/ranked-search-postgres.ts';
import type { CompiledEntity } from './compile-entity.ts';
import {
  fieldStartCondition,
  fieldStartRanges,
  fieldStartSearchable,
  ftsPhrase,
  prefixColumns,
  type SortKeyRanges,
  SUBSTRING_MIN_LENGTH,
  searchWords,
  sortKeyRanges,
} from './datagrid-filter.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import type { DynamicDb } from './records.repository.ts';

// Searches answered by an index whose matches come in list order: SQLite's ranked FTS5 index
// (db/ranked-search.ts), PostgreSQL's trigram entries (db/ranked-search-postgres.ts).

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

interface PostgresRankedSearch {
  engine: 'postgres';
  /** The piece whose entries are walked (the rarest of the words'). */
  lead: Gram;
  /** Words each row found must hold too: all but a word of three or four letters that is the lead. */
  checks: string[];
  /**
   * Short words, each the start of a searched field, as their sort-key ranges (sortKeyRanges): the lead
   * finds word starts, checked here.
   */
  starts?: SortKeyRanges[];
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
 * How PostgreSQL's trigram entries answer a search, as SQLite's ranked index does: words of three
 * letters or more (by code point, as the entries are cut) walk their rarest piece; shorter ones, all
 * of them, the word starts of the longest, each then checked to start a searched field. No column filters.
 */
async function postgresRankedSearch(
  db: DynamicDb,
  entity: CompiledEntity,
  query: DatagridQuery,
): Promise<PostgresRankedSearch | undefined> {
  const words = rankedWords(entity, query);
  if (!words) return undefined;
  if (words.every((word) => [...word].length >= SUBSTRING_MIN_LENGTH)) {
    const lead = await leadGram(db, entity.declaration.table, words);
    return { engine: 'postgres', lead, checks: words.filter((word) => !gramIsWord(lead, word)) };
  }
  if (!words.every((word) => fieldStartSearchable(entity, word))) return undefined;
  const longest = words.reduce((found, word) => (word.length > found.length ? word : found));
  return { engine: 'postgres', lead: wordStartGram(longest), checks: [], starts: words.map(sortKeyRanges) };
}

/** Whether a PostgreSQL search must read each entry's row to check it (not only the lead's entries). */
const checksRows = (search: PostgresRankedSearch) => search.checks.length > 0 || search.starts !== undefined;

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
  if (engine === 'postgres') return postgresRankedSearch(db, entity, query);
  const search = rankedSearch(entity, query);
  if (!search) return undefined;
  try {
    await applyPendingRanks(db, entity.declaration.table);
    return search;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL: the rows holding the lead piece, in list order (`sort_key`, `id` as `p`), each once (a
 * trigram followed by different letters has an entry for each).
 */
function postgresEntries(
  db: DynamicDb,
  entity: CompiledEntity,
  search: PostgresRankedSearch,
  direction: 'asc' | 'desc',
) {
  const { trigram, next } = search.lead;
  const entries = db
    .selectFrom(`${entity.declaration.table}_trigrams`)
    .where('trigram', '=', trigram)
    .select(['sort_key', 'id'])
    .orderBy('sort_key', direction)
    .orderBy('id', direction);
  return next === undefined ? entries.distinctOn(['sort_key', 'id']) : entries.where('next', '=', next);
}

/**
 * `entries` (as `p`) with the `columns` of their rows (as `t`), keeping only rows that hold every
 * checked word. Each row is looked up by id in a lateral subquery that no join can replace: the planner
 * would otherwise collect every row whose text holds the words (a scan of the table) to join them.
 */
function withRows(
  db: DynamicDb,
  entity: CompiledEntity,
  search: PostgresRankedSearch,
  entries: Builder,
  columns: string[],
) {
  const { table } = entity.declaration;
  const starts = search.starts ?? [];
  const read = [
    ...new Set([
      ...columns,
      ...(search.checks.length > 0 ? ['search_text'] : []),
      ...(starts.length > 0 ? prefixColumns(entity) : []),
    ]),
  ];
  return db
    .selectFrom(entries.as('p'))
    .innerJoinLateral(
      (eb: Builder) => eb.selectFrom(table).select(read).whereRef('id', '=', 'p.id').limit(1).as('t'),
      (join: Builder) => join.onTrue(),
    )
    .where((eb: Builder) =>
      eb.and([
        ...search.checks.map((word) => eb(sql`strpos(t.search_text, ${word})`, '>', 0)),
        ...starts.map((ranges) => fieldStartCondition(eb, entity, ranges)),
      ]),
    );
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
 * PostgreSQL: the ids of rows where a searched field starts with each of the short `words`, at most
 * `cap` of them, for a count: the index ranges of the first word, one per searched field and spelling,
 * each cut at `cap` (about 1 ms for `n` at 100,000 members, against 2–2.7 ms walking the word starts'
 * entries and reading each row to check it). One range an arm: an arm with several would be planned as
 * a bitmap scan, which reads every row in range before any limit. Each field's arms leave out the rows
 * an earlier field's found, so no row comes twice and the arms are read only until `cap` rows came
 * (`union all`), not each to its own `cap` and then made distinct.
 */
function fieldStartIds(db: DynamicDb, entity: CompiledEntity, words: SortKeyRanges[], cap: number) {
  const [first, ...rest] = words;
  const columns = prefixColumns(entity);
  const arms = columns.flatMap((column, index) =>
    first!.map(([from, to]) =>
      db
        .selectFrom(
          db
            .selectFrom(entity.declaration.table)
            .select('id')
            .where(column, '>=', from)
            .where(column, '<', to)
            .where((eb: Builder) =>
              eb.and([
                ...columns
                  .slice(0, index)
                  .map(
                    (earlier) =>
                      sql<boolean>`(${fieldStartRanges(eb, sql.ref(earlier), first!)}) is not true`,
                  ),
                ...rest.map((ranges) => fieldStartCondition(eb, entity, ranges)),
              ]),
            )
            .limit(cap)
            .as('range'),
        )
        .select('id'),
    ),
  );
  return arms.slice(1).reduce((union: Builder, arm: Builder) => union.unionAll(arm), arms[0]);
}

/**
 * The statement counting the matches up to `cap`, the exact-total threshold and one more (a search from
 * usableRankedSearch): one column, `total` (see cappedCountQuery).
 */
export function rankedCountQuery(db: DynamicDb, entity: CompiledEntity, search: RankedSearch, cap: number) {
  const matches: Builder =
    search.engine === 'postgres'
      ? search.starts
        ? db.selectFrom(fieldStartIds(db, entity, search.starts, cap).as('starts')).select(sql`1`.as('one'))
        : checksRows(search)
          ? withRows(db, entity, search, postgresEntries(db, entity, search, 'asc'), ['id']).select(
              sql`1`.as('one'),
            )
          : postgresEntries(db, entity, search, 'asc')
      : search.words
        ? rowsOf(db, entity, search, ranks(db, entity, search, 'asc')).select(sql`1`.as('one'))
        : ranks(db, entity, search, 'asc');
  return db
    .selectFrom(matches.limit(cap).as('matches'))
    .select((eb: Builder) => eb.fn.countAll().as('total'));
}

/** What a search's statements are made of besides its values (see searchShape). */
export interface SearchShape {
  /** Names the shape: searches of one shape differ only in `values`. */
  key: string;
  values: unknown[];
  /** The search of this shape with other values. */
  of(values: readonly unknown[]): RankedSearch;
}

/**
 * A search's shape, for statements compiled once per shape (compiledOnce); undefined for SQLite's short
 * words, whose statements there are made of the words themselves.
 */
export function searchShape(search: RankedSearch): SearchShape | undefined {
  if (search.engine === 'sqlite')
    return search.words
      ? undefined
      : { key: 'sqlite', values: [search.fts], of: ([fts]) => ({ ...search, fts: fts as string }) };
  const { trigram, next } = search.lead;
  if (search.starts) {
    // Word starts: the lead is a word start (its `next` empty), each word as many ranges as spellings.
    const starts = search.starts;
    return {
      key: `postgres starts ${starts.map((ranges) => ranges.length).join(',')}`,
      values: [trigram, ...starts.flat(2)],
      of: ([lead, ...bounds]) => {
        let at = 0;
        const take = () => bounds[at++] as string;
        return {
          ...search,
          lead: { ...search.lead, trigram: lead as string },
          starts: starts.map((ranges) => ranges.map((): [string, string] => [take(), take()])),
        };
      },
    };
  }
  const checks = search.checks.length;
  if (next === undefined)
    return {
      key: `postgres trigram ${checks}`,
      values: [trigram, ...search.checks],
      of: ([lead, ...words]) => ({ ...search, lead: { trigram: lead as string }, checks: words as string[] }),
    };
  return {
    key: `postgres piece ${checks}`,
    values: [trigram, next, ...search.checks],
    of: ([lead, after, ...words]) => ({
      ...search,
      lead: { trigram: lead as string, next: after as string },
      checks: words as string[],
    }),
  };
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
  if (search.engine === 'postgres') {
    const entries = postgresEntries(db, entity, search, query.direction);
    // Without words to check, the page's entries come from the index alone, before any row is read.
    const rows = checksRows(search)
      ? page(withRows(db, entity, search, entries, columns))
      : withRows(db, entity, search, page(entries), columns);
    return rows
      .select(columns.map((column) => `t.${column}`))
      .orderBy('p.sort_key', query.direction)
      .orderBy('p.id', query.direction);
  }
  const matches = ranks(db, entity, search, query.direction);
  const rows = search.words
    ? page(rowsOf(db, entity, search, matches))
    : rowsOf(db, entity, search, page(matches));
  return rows.select(columns.map((column) => `t.${column}`)).orderBy('page.rank', query.direction);
}
