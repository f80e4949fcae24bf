import { sql } from 'kysely';
import { RANKED_SEARCH } from '../../../db/ranked-search.ts';
import { rowCount } from '../../../db/ranked-search-postgres.ts';
import type { CompiledEntity } from '../../declaration/compile-entity.ts';
import type { Row } from '../../records/record-mapper.ts';
import type { DynamicDb } from '../../records/records.repository.ts';
import { distinctValues } from '../column-values.ts';
import { isNarrowed } from '../conditions.ts';
import type { ListQuery } from '../list-query.ts';
import { pageIds, rowsInBatches, rowsInOrder, walkFromStart } from '../pages.ts';
import { rankedPageAndTotal } from '../ranked-page.ts';
import type { ListPage, ListReader } from '../reader.ts';
import { cappedTotal, countedUpToCap, type Total } from '../totals.ts';
import { narrowedPageIds, postgresNarrowed, wholeTablePageAndTotal } from './postgres-pages.ts';
import { POSTGRES_RANKED_INDEX, type PostgresRankedSearch, postgresRankedSearch } from './postgres-search.ts';

/**
 * The list's total: a whole table with a kept row count from its kept deltas (counting 100,000 rows took
 * 6–17 ms a page), any other up to the cap (a search through its trigram entries).
 */
async function countRows(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  search: PostgresRankedSearch | undefined,
): Promise<Total> {
  const { table } = entity.declaration;
  if (!isNarrowed(query) && RANKED_SEARCH[table])
    return { total: await rowCount(db, table), approximate: false };
  const matches = search
    ? POSTGRES_RANKED_INDEX.matches(db, entity, search, query)
    : postgresNarrowed(db, entity, query).select(sql`1`.as('one'));
  return cappedTotal(countedUpToCap(db, matches));
}

/**
 * A page of the list. PostgreSQL keeps no result cache (other instances write the same database), so
 * a page and its total go in one statement where they can: a ranked search's, and a whole table's with
 * a kept row count. Otherwise the total comes first, then the page's ids (see narrowedPageIds).
 */
async function page(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  alongside?: Parameters<ListReader['page']>[3],
): Promise<ListPage> {
  const offset = (query.page - 1) * query.limit;
  const search = await postgresRankedSearch(db, entity, query);
  const together = search
    ? await rankedPageAndTotal(db, entity, query, POSTGRES_RANKED_INDEX, search, offset, alongside)
    : !isNarrowed(query) && RANKED_SEARCH[entity.declaration.table]
      ? await wholeTablePageAndTotal(db, entity, query, offset, alongside).then(({ items, total }) => ({
          items,
          total: total === undefined ? undefined : { total, approximate: false },
        }))
      : undefined;
  if (together)
    return { items: together.items, ...(together.total ?? (await countRows(db, entity, query, search))) };
  const { total, approximate } = await countRows(db, entity, query, search);
  if (offset >= total && !approximate) return { items: [], total, approximate };
  const ids = isNarrowed(query)
    ? await narrowedPageIds(db, entity, query, offset, approximate)
    : pageIds(db.selectFrom(entity.declaration.table), query, walkFromStart(query, offset));
  if (Array.isArray(ids) && ids.length === 0) return { items: [], total, approximate };
  const items = (await rowsInOrder(db, entity, query, ids).execute()) as Row[];
  return { items, total, approximate };
}

export const POSTGRES_LIST_READER: ListReader = {
  page,
  rows: (db, entity, query) => rowsInBatches(() => postgresNarrowed(db, entity, query), entity, query),
  distinctValues,
};
