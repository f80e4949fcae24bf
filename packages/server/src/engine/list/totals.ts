import type { DynamicDb } from '../records/records.repository.ts';

// The total of a list: exact for a whole table, counted up to a threshold for a narrowed one.

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

/**
 * The statement counting `matches` (a statement of one row per match) up to EXACT_TOTAL_UP_TO and one
 * more: one column, `total`, to run alone or beside the list's page (see capped).
 */
export const countedUpToCap = (db: DynamicDb, matches: SelectBuilder): SelectBuilder =>
  db
    .selectFrom(matches.limit(EXACT_TOTAL_UP_TO + 1).as('matches'))
    .select((eb: SelectBuilder) => eb.fn.countAll().as('total'));

/** A count that stopped at EXACT_TOTAL_UP_TO + 1 as the answer's total. */
export const capped = (counted: number): Total =>
  counted > EXACT_TOTAL_UP_TO
    ? { total: EXACT_TOTAL_UP_TO, approximate: true }
    : { total: counted, approximate: false };

/** Runs a count statement of countedUpToCap. */
export async function cappedTotal(statement: SelectBuilder): Promise<Total> {
  const row = await statement.executeTakeFirstOrThrow();
  return capped(Number(row.total));
}
