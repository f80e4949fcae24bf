import { StampedCache } from '../../../db/stamped-cache.ts';
import { type WriteTracker, writeTrackerOf } from '../../../db/write-tracker.ts';
import type { CompiledEntity } from '../../declaration/compile-entity.ts';
import type { DynamicDb } from '../../records/records.repository.ts';
import type { ListQuery } from '../list-query.ts';
import type { Total } from '../totals.ts';

/**
 * Totals and page ids are reused for the tracker's `resultCacheTtlMs` (DATAGRID_CACHE_TTL, 5 s), and
 * only while nothing was written through this process (see WriteTracker): SQLite's file has no other
 * writer. The rows themselves are always read afresh.
 */
const results = new WeakMap<WriteTracker, StampedCache<Total | number[]>>();

/** The cache of a list's total and page ids, as the database's writes stand now. */
export interface ResultCache {
  get<V extends Total | number[]>(key: string): V | undefined;
  keep(key: string, value: Total | number[]): void;
}

/** The result cache of the database, with its stamp taken now; none inside transactions. */
export function resultCache(db: DynamicDb): ResultCache | undefined {
  if (db.isTransaction) return undefined;
  const tracker = writeTrackerOf(db);
  if (!tracker?.seesAllWrites || tracker.resultCacheTtlMs <= 0) return undefined;
  let cache = results.get(tracker);
  if (!cache) {
    cache = new StampedCache(tracker.resultCacheTtlMs, 1000);
    results.set(tracker, cache);
  }
  const stamp = tracker.stamp();
  const now = Date.now();
  const kept = cache;
  return {
    get: <V extends Total | number[]>(key: string) => kept.get(key, stamp, now) as V | undefined,
    keep: (key, value) => kept.set(key, stamp, now, value),
  };
}

/** The keys of a list's total and of one of its pages. */
export function resultKeys(entity: CompiledEntity, query: ListQuery, offset: number) {
  const key = JSON.stringify([
    entity.declaration.table,
    query.search,
    query.filters.map(({ field, ...filter }) => [field.name, filter]),
    query.scope?.key ?? null,
  ]);
  return {
    count: `count ${key}`,
    page: `page ${key} ${query.sort.sortColumn} ${query.direction} ${offset} ${query.limit}`,
  };
}
