import { sql } from 'kysely';
import { writeTrackerOf } from '../../../db/write-tracker.ts';
import type { CompiledEntity } from '../../declaration/compile-entity.ts';
import type { Row } from '../../records/record-mapper.ts';
import type { DynamicDb } from '../../records/records.repository.ts';
import {
  type AnchorStep,
  anchoredWalk,
  anchorKeys,
  anchorsQuery,
  anchorsServe,
  keptAnchors,
  readAnchors,
} from '../anchors.ts';
import { distinctValues } from '../column-values.ts';
import { isNarrowed } from '../conditions.ts';
import type { ListQuery } from '../list-query.ts';
import {
  pageIds,
  recordColumns,
  reliesOnCount,
  rowsByIds,
  rowsInBatches,
  rowsInOrder,
  type Walk,
  walkFromNearerEnd,
  walkFromStart,
} from '../pages.ts';
import { rankedPageAndTotal, sortedAsIndexed } from '../ranked-page.ts';
import type { ListPage, ListReader } from '../reader.ts';
import { cappedTotal, countedUpToCap, type Total } from '../totals.ts';
import { type ResultCache, resultCache, resultKeys } from './result-cache.ts';
import { ftsOnlyQuery, sqliteNarrowed } from './sqlite-conditions.ts';
import { SQLITE_RANKED_INDEX, type SqliteRankedSearch, usableRankedSearch } from './sqlite-search.ts';

// biome-ignore lint/suspicious/noExplicitAny: Kysely's select-builder for dynamic tables
type SelectBuilder = any;

/** The list's total: a whole table counted exactly from its smallest index, a narrowed one up to the cap. */
async function countRows(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  ranked: SqliteRankedSearch | undefined,
): Promise<Total> {
  if (!isNarrowed(query)) {
    const row = await db
      .selectFrom(entity.declaration.table)
      .select((eb: SelectBuilder) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    return { total: Number((row as Row).total), approximate: false };
  }
  if (ranked) return cappedTotal(countedUpToCap(db, SQLITE_RANKED_INDEX.matches(db, entity, ranked, query)));
  const fts = ftsOnlyQuery(entity, query);
  const index = `${entity.declaration.table}_search`;
  // Counting the trigram index's own matches skips a join with the table: ~2 ms instead of ~15 ms at 100k rows.
  const matches = fts
    ? db.selectFrom(index).where(sql<boolean>`${sql.id(index)} match ${fts}`)
    : sqliteNarrowed(db, entity, query);
  return cappedTotal(countedUpToCap(db, matches.select(sql`1`.as('one'))));
}

const ANCHOR_STEP: AnchorStep = (table, sort) =>
  sql`from ${table} m, ${table} c where c.id = a.id and (m.${sort}, m.id) > (c.${sort}, c.id)`;

/**
 * The walk to a page of a whole table of `total` rows (counted while the table's write stamp was
 * `stamp`): a far page from its anchor, read again when a write came since they were; otherwise from
 * the nearer end. The caller reads the page again from the start if a write comes before its rows.
 */
async function wholeTableWalk(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  offset: number,
  total: number,
  stamp: number,
): Promise<Walk> {
  if (Number.isNaN(stamp) || !anchorsServe(query, offset, total))
    return walkFromNearerEnd(query, offset, total);
  const signature = String(stamp);
  let anchors = keptAnchors(db, entity, query);
  if (anchors?.signature !== signature || anchors.total !== total)
    anchors = await readAnchors(db, entity, query, async () => {
      const { rows } = await anchorsQuery(entity, query, ANCHOR_STEP).execute(db);
      // Kept only when nothing was written between the count and this read.
      const now = writeTrackerOf(db)?.stamp([entity.declaration.table]);
      return now === stamp ? { total, signature, keys: anchorKeys(rows) } : undefined;
    });
  return anchors?.signature === signature && anchors.total === total
    ? anchoredWalk(query, offset, anchors)
    : walkFromNearerEnd(query, offset, total);
}

const idsOf = (rows: Row[]) => rows.map((row) => Number(row.id));

async function cachedTotal(
  cache: ResultCache | undefined,
  key: string,
  count: () => Promise<Total>,
): Promise<Total> {
  const hit = cache?.get<Total>(key);
  if (hit) return hit;
  const total = await count();
  cache?.keep(key, total);
  return total;
}

/**
 * A page of the list. A ranked search reads its page and total in one statement; otherwise the total
 * comes first (cached while nothing is written), then the page's ids: a whole table's from an anchor
 * or its nearer end, a narrowed list's from the start of the sort index (`dense` past the exact-total
 * threshold), a cached page's ids as they were.
 */
async function page(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  alongside?: Parameters<ListReader['page']>[3],
): Promise<ListPage> {
  // First: bringing the ranked index up to date is a write, which the cache's stamp must come after.
  const search = await usableRankedSearch(db, entity, query);
  const offset = (query.page - 1) * query.limit;
  // Taken before the count: a page walked from the end relies on the count, which a write would change.
  const tableStamp = writeTrackerOf(db)?.stamp([entity.declaration.table]) ?? Number.NaN;
  const cache = resultCache(db);
  const keys = resultKeys(entity, query, offset);
  if (search && !cache?.get(keys.count)) {
    const together = await rankedPageAndTotal(
      db,
      entity,
      query,
      SQLITE_RANKED_INDEX,
      search,
      offset,
      alongside,
    );
    if (together) {
      const total = together.total ?? (await countRows(db, entity, query, search));
      cache?.keep(keys.count, total);
      cache?.keep(keys.page, idsOf(together.items));
      return { items: together.items, ...total };
    }
  }
  const { total, approximate } = await cachedTotal(cache, keys.count, () =>
    countRows(db, entity, query, search),
  );
  if (offset >= total && !approximate) return { items: [], total, approximate };
  const ids = cache?.get<number[]>(keys.page);
  if (ids) return { items: await rowsByIds(db, entity, ids), total, approximate };
  const walk =
    isNarrowed(query) || approximate
      ? walkFromStart(query, offset)
      : await wholeTableWalk(db, entity, query, offset, total, tableStamp);
  const ranked =
    search && sortedAsIndexed(entity, query)
      ? SQLITE_RANKED_INDEX.rows(db, entity, search, query, offset, recordColumns(entity))
      : undefined;
  let items = (await (
    ranked ??
    rowsInOrder(db, entity, query, pageIds(sqliteNarrowed(db, entity, query, approximate), query, walk))
  ).execute()) as Row[];
  // A write since the count may have moved the rows a walk from the end or an anchor found: walked
  // again from the start.
  if (
    reliesOnCount(walk, query) &&
    (writeTrackerOf(db)?.stamp([entity.declaration.table]) ?? Number.NaN) !== tableStamp
  )
    items = (await rowsInOrder(
      db,
      entity,
      query,
      pageIds(sqliteNarrowed(db, entity, query), query, walkFromStart(query, offset)),
    ).execute()) as Row[];
  cache?.keep(keys.page, idsOf(items));
  return { items, total, approximate };
}

export const SQLITE_LIST_READER: ListReader = {
  page,
  rows: (db, entity, query) => rowsInBatches(() => sqliteNarrowed(db, entity, query), entity, query),
  distinctValues,
};
