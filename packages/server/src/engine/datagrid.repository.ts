import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import { StampedCache } from '../db/stamped-cache.ts';
import { type WriteTracker, writeTrackerOf } from '../db/write-tracker.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { sqliteWholeTableWalk } from './datagrid-anchors.ts';
import { countRows, type Total } from './datagrid-count.ts';
import { escapeLike, filtered } from './datagrid-filter.ts';
import {
  pageIds,
  recordColumns,
  reliesOnCount,
  rowsByIds,
  rowsInOrder,
  walkFromStart,
} from './datagrid-pages.ts';
import { postgresPageAndTotal, postgresPageIds } from './datagrid-postgres.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import { rankedRowsQuery, usableRankedSearch } from './datagrid-ranked.ts';
import { type ReadAlongside, searchPageAndTotal } from './datagrid-search-page.ts';
import type { Row } from './record-mapper.ts';
import type { DynamicDb } from './records.repository.ts';

// Reading datagrid pages, exports and column values, with the short-lived result cache (the totals are
// datagrid-count.ts, the page statements datagrid-pages.ts, PostgreSQL's own ways datagrid-postgres.ts).

/**
 * Datagrid totals and page ids are reused for the tracker's `resultCacheTtlMs` (DATAGRID_CACHE_TTL,
 * 5 s), and only while nothing was written through this process (see WriteTracker). The rows themselves
 * are always read afresh. Only on SQLite: on a PostgreSQL database that other app instances share there
 * is no cache.
 */
const results = new WeakMap<WriteTracker, StampedCache<Total | number[]>>();

/** The result cache of the database, with its stamp taken now; none inside transactions. */
function resultCache(db: DynamicDb) {
  if (db.isTransaction) return undefined;
  const tracker = writeTrackerOf(db);
  if (!tracker?.seesAllWrites || tracker.resultCacheTtlMs <= 0) return undefined;
  let cache = results.get(tracker);
  if (!cache) {
    cache = new StampedCache(tracker.resultCacheTtlMs, 1000);
    results.set(tracker, cache);
  }
  return { cache, stamp: tracker.stamp(), now: Date.now() };
}

function filterKey(entity: CompiledEntity, query: DatagridQuery): string {
  return JSON.stringify([
    entity.declaration.table,
    query.search,
    query.filters.map(({ field, ...filter }) => [field.name, filter]),
  ]);
}

function keep(cache: ReturnType<typeof resultCache>, key: string, value: Total | number[]): void {
  cache?.cache.set(key, cache.stamp, cache.now, value);
}

const idsOf = (rows: Row[]) => rows.map((row) => Number(row.id));

async function cached<V extends Total | number[]>(
  cache: ReturnType<typeof resultCache>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  if (!cache) return load();
  const hit = cache.cache.get(key, cache.stamp, cache.now);
  if (hit !== undefined) return hit as V;
  const value = await load();
  keep(cache, key, value);
  return value;
}

/** `alongside`: read beside the page where it is read in one statement (see ReadAlongside). */
export async function listRows(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
  alongside?: ReadAlongside,
) {
  // First: bringing the ranked index up to date is a write, which the cache's stamp must come after.
  const search = await usableRankedSearch(db, entity, engine, query);
  const offset = (query.page - 1) * query.limit;
  // Taken before the count: a page walked from the end relies on the count, which a write would change.
  const tableStamp = writeTrackerOf(db)?.stamp([entity.declaration.table]) ?? Number.NaN;
  const cache = resultCache(db);
  const key = filterKey(entity, query);
  const countKey = `count ${key}`;
  // A page's ids cost a search, a scan or an offset walk of the sort index (on PostgreSQL most of a
  // request): they are kept for the next reader, and only the rows are read again.
  const pageKey = `page ${key} ${query.sort.sortColumn} ${query.direction} ${offset} ${query.limit}`;
  if (search && !cache?.cache.get(countKey, cache.stamp, cache.now)) {
    const together = await searchPageAndTotal(db, entity, engine, query, search, offset, alongside);
    if (together) {
      keep(cache, countKey, { total: together.total, approximate: together.approximate });
      keep(cache, pageKey, idsOf(together.items));
      return together;
    }
  }
  if (engine === 'postgres') {
    const together = await postgresPageAndTotal(db, entity, query, offset, alongside);
    if (together) return together;
  }
  const { total, approximate } = await cached(cache, countKey, () =>
    countRows(db, entity, engine, query, search),
  );
  if (offset >= total && !approximate) return { items: [] as Row[], total, approximate };
  const ids = cache?.cache.get(pageKey, cache.stamp, cache.now) as number[] | undefined;
  if (ids) return { items: await rowsByIds(db, entity, ids), total, approximate };
  const narrowed = query.search !== '' || query.filters.length > 0;
  const rankedPage = search && rankedRowsQuery(db, entity, search, query, offset, recordColumns(entity));
  // From an anchor or the end only by an exact count of the whole table that this process can tell is
  // current (SQLite; PostgreSQL's whole tables went through postgresPageAndTotal).
  const walk =
    !narrowed && !approximate && engine === 'sqlite'
      ? await sqliteWholeTableWalk(db, entity, query, offset, total, tableStamp)
      : walkFromStart(query, offset);
  const page = rankedPage
    ? undefined
    : narrowed && engine === 'postgres'
      ? await postgresPageIds(db, entity, query, offset, approximate)
      : pageIds(db, entity, engine, query, walk, approximate && engine === 'sqlite');
  if (Array.isArray(page) && page.length === 0) return { items: [] as Row[], total, approximate };
  let items = (await (rankedPage ?? rowsInOrder(db, entity, query, page)).execute()) as Row[];
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
      pageIds(db, entity, engine, query, walkFromStart(query, offset), false),
    ).execute()) as Row[];
  keep(cache, pageKey, idsOf(items));
  return { items, total, approximate };
}

/** Every row of the filtered set in datagrid order, in batches (for exports). */
export async function* streamRows(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
) {
  const batch = 500;
  for (let offset = 0; ; offset += batch) {
    const rows = (await filtered(db, entity, engine, query)
      .select(recordColumns(entity))
      .orderBy(query.sort.sortColumn, query.direction)
      .orderBy('id', query.direction)
      .limit(batch)
      .offset(offset)
      .execute()) as Row[];
    yield* rows;
    if (rows.length < batch) return;
  }
}

export async function distinctValues(db: DynamicDb, entity: CompiledEntity, column: string, search: string) {
  let query = db.selectFrom(entity.declaration.table).select(column).distinct().where(column, 'is not', null);
  // Numbers, booleans and date-times are searched in their text form (PostgreSQL has no lower() of them).
  if (search)
    query = query.where(
      sql`lower(cast(${sql.ref(column)} as text))`,
      'like',
      `%${escapeLike(search.toLowerCase())}%`,
    );
  return (await query.orderBy(column).limit(20).execute()) as Row[];
}
