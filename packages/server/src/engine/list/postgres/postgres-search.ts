import { sql } from 'kysely';
import { RANKED_SEARCH } from '../../../db/ranked-search.ts';
import { type Gram, gramIsWord, leadGram, wordStartGram } from '../../../db/ranked-search-postgres.ts';
import type { CompiledEntity } from '../../declaration/compile-entity.ts';
import type { DynamicDb } from '../../records/records.repository.ts';
import type { ValueShape } from '../compiled-shapes.ts';
import {
  fieldStartCondition,
  fieldStartRanges,
  fieldStartSearchable,
  prefixColumns,
  type SortKeyRanges,
  SUBSTRING_MIN_LENGTH,
  searchWords,
  sortKeyRanges,
} from '../conditions.ts';
import type { ListQuery } from '../list-query.ts';
import type { RankedIndex } from '../ranked-page.ts';
import { EXACT_TOTAL_UP_TO } from '../totals.ts';

// PostgreSQL's ranked searches: its trigram entries walked in list order (db/ranked-search-postgres.ts),
// as SQLite's ranked index is.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's builders for dynamic tables
type Builder = any;

export interface PostgresRankedSearch {
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

/**
 * How the trigram entries answer the list's search, when the table has them and no column filter
 * or row rule narrows it: words of three letters or more (by code point, as the entries are cut) walk their rarest
 * piece; shorter ones, all of them, the word starts of the longest, each then checked to start a
 * searched field.
 */
export async function postgresRankedSearch(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
): Promise<PostgresRankedSearch | undefined> {
  if (!RANKED_SEARCH[entity.declaration.table] || query.filters.length > 0 || query.scope) return undefined;
  if (entity.searchedRelations.length > 0) return undefined;
  const words = searchWords(query.search);
  if (words.length === 0) return undefined;
  if (words.every((word) => [...word].length >= SUBSTRING_MIN_LENGTH)) {
    const lead = await leadGram(db, entity.declaration.table, words);
    return { lead, checks: words.filter((word) => !gramIsWord(lead, word)) };
  }
  if (!words.every((word) => fieldStartSearchable(entity, word))) return undefined;
  const longest = words.reduce((found, word) => (word.length > found.length ? word : found));
  return { lead: wordStartGram(longest), checks: [], starts: words.map(sortKeyRanges) };
}

/** Whether a PostgreSQL search must read each entry's row to check it (not only the lead's entries). */
const checksRows = (search: PostgresRankedSearch) => search.checks.length > 0 || search.starts !== undefined;

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

/** The matches of a search for its count, at most `cap` of them. */
function postgresMatches(db: DynamicDb, entity: CompiledEntity, search: PostgresRankedSearch, cap: number) {
  if (search.starts)
    return db.selectFrom(fieldStartIds(db, entity, search.starts, cap).as('starts')).select(sql`1`.as('one'));
  return checksRows(search)
    ? withRows(db, entity, search, postgresEntries(db, entity, search, 'asc'), ['id']).select(
        sql`1`.as('one'),
      )
    : postgresEntries(db, entity, search, 'asc');
}

/** A page of the search's rows in list order. */
function postgresRankedRows(
  db: DynamicDb,
  entity: CompiledEntity,
  search: PostgresRankedSearch,
  query: ListQuery,
  offset: number,
  columns: string[],
) {
  const page = (builder: Builder) => builder.limit(query.limit).offset(offset);
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

/** The shape of a search (see compiledOnce): the kind of its lead piece and how many words it checks. */
function postgresSearchShape(search: PostgresRankedSearch): ValueShape<PostgresRankedSearch> {
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

/** The trigram entries as the list reads them (see RankedIndex). */
export const POSTGRES_RANKED_INDEX: RankedIndex<PostgresRankedSearch> = {
  rows: (db, entity, search, query, offset, columns) =>
    postgresRankedRows(db, entity, search, query, offset, columns),
  matches: (db, entity, search) => postgresMatches(db, entity, search, EXACT_TOTAL_UP_TO + 1),
  shape: postgresSearchShape,
};
