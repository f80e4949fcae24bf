import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import { RANKED_SEARCH } from '../db/ranked-search.ts';
import { rowCount } from '../db/ranked-search-postgres.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { filtered, ftsOnlyQuery } from './datagrid-filter.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import { type RankedSearch, rankedCountQuery } from './datagrid-ranked.ts';
import type { Row } from './record-mapper.ts';
import type { DynamicDb } from './records.repository.ts';

// The total of a datagrid list: exact for a whole table, counted up to a threshold for a narrowed one.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's select-builder for dynamic tables
type SelectBuilder = any;

/**
 * Totals are exact up to this many rows; past it a narrowed list (a search or a filter) answers "more
 * than this" instead of counting on. Counting every match of a common fragment cost more than the page
 * itself (6 ms for the 43,000 members matching "ova", 17 ms for a plain count on PostgreSQL). Up to here
 * the matches are sorted; past it the sort index is walked. (3,000 was tried: sorting a surname's
 * 1,700–1,900 matches instead of walking to them cost the server 15 % more processor time per search.)
 */
export const EXACT_TOTAL_UP_TO = 1000;

export interface Total {
  total: number;
  /** The list has more than `total` rows: counting stopped there. */
  approximate: boolean;
}

export async function countRows(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
  ranked: RankedSearch | undefined,
): Promise<Total> {
  // A whole table is counted exactly where that is cheap: SQLite counts its smallest index; PostgreSQL
  // sums the kept deltas of a large table (counting 100,000 rows took it 6–17 ms a page).
  const narrowed = query.search !== '' || query.filters.length > 0;
  const { table } = entity.declaration;
  if (!narrowed && engine === 'postgres' && RANKED_SEARCH[table])
    return { total: await rowCount(db, table), approximate: false };
  if (!narrowed && engine === 'sqlite') {
    const row = await db
      .selectFrom(entity.declaration.table)
      .select((eb: SelectBuilder) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    return { total: Number((row as Row).total), approximate: false };
  }
  const row = await cappedCountQuery(db, entity, engine, query, ranked).executeTakeFirstOrThrow();
  return capped(Number((row as Row).total));
}

/**
 * The statement counting a narrowed list's rows up to EXACT_TOTAL_UP_TO and one more: one column,
 * `total`, to run alone or beside the list's page (see capped).
 */
export function cappedCountQuery(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
  ranked: RankedSearch | undefined,
): SelectBuilder {
  // Short words on SQLite are counted from the sort-key ranges alone (0.1 ms at 100,000 members against
  // 0.7–0.9 ms through the ranked index, which reads every match's row to check it starts a field).
  if (ranked && !(ranked.engine === 'sqlite' && ranked.words))
    return rankedCountQuery(db, entity, ranked, EXACT_TOTAL_UP_TO + 1);
  const fts = ftsOnlyQuery(engine, query);
  const index = `${entity.declaration.table}_search`;
  // Counting the trigram index's own matches skips a join with the table: ~2 ms instead of ~15 ms at 100k rows.
  const matches = (
    fts
      ? db.selectFrom(index).where(sql<boolean>`${sql.id(index)} match ${fts}`)
      : filtered(db, entity, engine, query)
  )
    .select(sql`1`.as('one'))
    .limit(EXACT_TOTAL_UP_TO + 1);
  return db.selectFrom(matches.as('matches')).select((eb: SelectBuilder) => eb.fn.countAll().as('total'));
}

/** A count that stopped at EXACT_TOTAL_UP_TO + 1 as the answer's total. */
export const capped = (counted: number): Total =>
  counted > EXACT_TOTAL_UP_TO
    ? { total: EXACT_TOTAL_UP_TO, approximate: true }
    : { total: counted, approximate: false };
