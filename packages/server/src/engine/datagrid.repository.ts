import { sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import { RANKED_SEARCH } from '../db/ranked-search.ts';
import { foldRowCount, rowCount, rowCountExpressions } from '../db/ranked-search-postgres.ts';
import { StampedCache } from '../db/stamped-cache.ts';
import { type WriteTracker, writeTrackerOf } from '../db/write-tracker.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { escapeLike, filtered, ftsOnlyQuery } from './datagrid-filter.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import {
  type RankedSearch,
  rankedCount,
  rankedCountQuery,
  rankedRowsQuery,
  usableRankedSearch,
} from './datagrid-ranked.ts';
import type { Row } from './record-mapper.ts';
import type { DynamicDb } from './records.repository.ts';

// Reading datagrid pages, totals, exports and column values, with the short-lived result cache.

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

async function countRows(
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
  if (ranked) return capped(await rankedCount(db, entity, ranked, EXACT_TOTAL_UP_TO + 1));
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
  const row = await db
    .selectFrom(matches.as('matches'))
    .select((eb: SelectBuilder) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return capped(Number((row as Row).total));
}

/** A count that stopped at EXACT_TOTAL_UP_TO + 1 as the answer's total. */
const capped = (counted: number): Total =>
  counted > EXACT_TOTAL_UP_TO
    ? { total: EXACT_TOTAL_UP_TO, approximate: true }
    : { total: counted, approximate: false };

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

async function cached<V extends Total | number[]>(
  cache: ReturnType<typeof resultCache>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  if (!cache) return load();
  const hit = cache.cache.get(key, cache.stamp, cache.now);
  if (hit !== undefined) return hit as V;
  const value = await load();
  cache.cache.set(key, cache.stamp, cache.now, value);
  return value;
}

const recordColumnsOf = new WeakMap<CompiledEntity, string[]>();

/**
 * The columns a record is made of (what toRecord reads): id, version and each field's own, money as
 * amount and currency; relationMany lives in a join table. Lists read only these, not the sort keys,
 * search text and timestamps beside them: a third less to send and parse on PostgreSQL.
 */
export function recordColumns(entity: CompiledEntity): string[] {
  let columns = recordColumnsOf.get(entity);
  if (!columns) {
    columns = ['id', 'version'];
    for (const field of entity.fields) {
      if (field.kind === 'relationMany') continue;
      if (field.kind === 'money') columns.push(`${field.column}_amount`, `${field.column}_currency`);
      else columns.push(field.column);
    }
    recordColumnsOf.set(entity, columns);
  }
  return columns;
}

/** Rows of `ids`, in that order. */
async function rowsByIds(db: DynamicDb, entity: CompiledEntity, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .selectFrom(entity.declaration.table)
    .select(recordColumns(entity))
    .where('id', 'in', ids)
    .execute()) as Row[];
  const byId = new Map<number, Row>();
  for (const row of rows) byId.set(Number(row.id), row);
  const ordered: Row[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    // A row deleted by another instance since its id was cached is left out.
    if (row) ordered.push(row);
  }
  return ordered;
}

/** The statement of the rows of `ids` (a list, or a statement selecting them) in the list's order. */
const rowsInOrder = (db: DynamicDb, entity: CompiledEntity, query: DatagridQuery, ids: SelectBuilder) =>
  db
    .selectFrom(entity.declaration.table)
    .select(recordColumns(entity))
    .where('id', 'in', ids)
    .orderBy(query.sort.sortColumn, query.direction)
    .orderBy('id', query.direction);

/** Where a page's walk of the sort index starts, which way it goes, and how many ids it takes there. */
interface Walk {
  offset: number;
  limit: number;
  direction: 'asc' | 'desc';
}

const walkFromStart = (query: DatagridQuery, offset: number): Walk => ({
  offset,
  limit: query.limit,
  direction: query.direction,
});

/**
 * A page of a whole list of `total` rows walked to from the nearer end of the sort index: past the
 * middle, its rows are the ones as many from the end the other way (page 3,000 of 4,000 walks 25,000
 * entries instead of 75,000). Right only while the table holds exactly `total` rows.
 */
function walkFromNearerEnd(query: DatagridQuery, offset: number, total: number): Walk {
  if (offset >= total || 2 * offset + query.limit <= total) return walkFromStart(query, offset);
  const end = Math.min(total, offset + query.limit);
  return { offset: total - end, limit: end - offset, direction: query.direction === 'asc' ? 'desc' : 'asc' };
}

/** The statement of a page's ids, found by the sort index (or the search) alone. */
const pageIds = (
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
  walk: Walk,
  dense: boolean,
) =>
  filtered(db, entity, engine, query, dense)
    .select('id')
    .orderBy(query.sort.sortColumn, walk.direction)
    .orderBy('id', walk.direction)
    .limit(walk.limit)
    .offset(walk.offset);

export async function listRows(db: DynamicDb, entity: CompiledEntity, engine: Engine, query: DatagridQuery) {
  // First: bringing the ranked index up to date is a write, which the cache's stamp must come after.
  const search = await usableRankedSearch(db, entity, engine, query);
  const offset = (query.page - 1) * query.limit;
  if (engine === 'postgres') {
    const together = await postgresPageAndTotal(db, entity, query, search, offset);
    if (together) return together;
  }
  // Taken before the count: a page walked from the end relies on the count, which a write would change.
  const tableStamp = writeTrackerOf(db)?.stamp([entity.declaration.table]) ?? Number.NaN;
  const cache = resultCache(db);
  const key = filterKey(entity, query);
  const { total, approximate } = await cached(cache, `count ${key}`, () =>
    countRows(db, entity, engine, query, search),
  );
  if (offset >= total && !approximate) return { items: [] as Row[], total, approximate };
  // A page's ids cost a search, a scan or an offset walk of the sort index (on PostgreSQL most of a
  // request): they are kept for the next reader, and only the rows are read again.
  const pageKey = `page ${key} ${query.sort.sortColumn} ${query.direction} ${offset} ${query.limit}`;
  const ids = cache?.cache.get(pageKey, cache.stamp, cache.now) as number[] | undefined;
  if (ids) return { items: await rowsByIds(db, entity, ids), total, approximate };
  const narrowed = query.search !== '' || query.filters.length > 0;
  const rankedPage = search && rankedRowsQuery(db, entity, search, query, offset, recordColumns(entity));
  // From the end only by an exact count of the whole table that this process can tell is current
  // (SQLite; PostgreSQL's whole tables went through postgresPageAndTotal).
  const walk =
    !narrowed && !approximate && engine === 'sqlite'
      ? walkFromNearerEnd(query, offset, total)
      : walkFromStart(query, offset);
  const page = rankedPage
    ? undefined
    : narrowed && engine === 'postgres'
      ? await postgresPageIds(db, entity, query, offset, approximate)
      : pageIds(db, entity, engine, query, walk, approximate && engine === 'sqlite');
  if (Array.isArray(page) && page.length === 0) return { items: [] as Row[], total, approximate };
  let items = (await (rankedPage ?? rowsInOrder(db, entity, query, page)).execute()) as Row[];
  const written = writeTrackerOf(db)?.stamp([entity.declaration.table]) ?? Number.NaN;
  // A write since the count may have moved the rows a walk from the end found: walked again from the start.
  if (walk.direction !== query.direction && written !== tableStamp)
    items = (await rowsInOrder(
      db,
      entity,
      query,
      pageIds(db, entity, engine, query, walkFromStart(query, offset), false),
    ).execute()) as Row[];
  cache?.cache.set(
    pageKey,
    cache.stamp,
    cache.now,
    items.map((row) => Number(row.id)),
  );
  return { items, total, approximate };
}

/** The row count last read with a page, per database and table: which end of the sort index is nearer. */
const lastTotals = new WeakMap<DynamicDb, Map<string, number>>();

/**
 * PostgreSQL keeps no result cache (other instances write the same database), so a page and its total
 * go in one statement, the total a column of every row: one round trip instead of two, for a ranked
 * search and for a whole table whose row count is kept. Undefined for other lists. An empty page past
 * the first says nothing of the total, which is then counted on its own. A whole table's page is walked
 * from the end nearer by the count last read; when the count read with it differs, from the start again.
 */
async function postgresPageAndTotal(
  db: DynamicDb,
  entity: CompiledEntity,
  query: DatagridQuery,
  search: RankedSearch | undefined,
  offset: number,
) {
  const { table } = entity.declaration;
  const whole = query.search === '' && query.filters.length === 0 && RANKED_SEARCH[table] !== undefined;
  const totals = lastTotals.get(db) ?? new Map<string, number>();
  lastTotals.set(db, totals);
  const known = totals.get(table);
  const walk = known === undefined ? walkFromStart(query, offset) : walkFromNearerEnd(query, offset, known);
  const pageOf = (walked: Walk) =>
    search
      ? rankedRowsQuery(db, entity, search, query, offset, recordColumns(entity))
      : whole
        ? rowsInOrder(db, entity, query, pageIds(db, entity, 'postgres', query, walked, false))
        : undefined;
  if (!pageOf(walk)) return undefined;
  const counts: { total: SelectBuilder; parts: SelectBuilder } = search
    ? { total: rankedCountQuery(db, entity, search, EXACT_TOTAL_UP_TO + 1), parts: sql`0` }
    : rowCountExpressions(table);
  const read = async (walked: Walk) =>
    (await pageOf(walked)
      .select([counts.total.as('__total'), counts.parts.as('__parts')])
      .execute()) as Row[];
  let items = await read(walk);
  if (walk.direction !== query.direction && (items.length === 0 || Number(items[0]!.__total) !== known))
    items = await read(walkFromStart(query, offset));
  if (items.length === 0 && offset > 0) {
    const { total, approximate } = await countRows(db, entity, 'postgres', query, search);
    return { items, total, approximate };
  }
  const counted = Number(items[0]?.__total ?? 0);
  if (search) return { items, ...capped(counted) };
  totals.set(table, counted);
  await foldRowCount(db, table, Number(items[0]?.__parts ?? 0));
  return { items, total: counted, approximate: false };
}

/** Rows of the sort index walked at most, on PostgreSQL, before its matches are sorted instead. */
const WALK_LIMIT = { least: 4000, perRow: 40, most: 20_000 };

/**
 * A narrowed page's ids on PostgreSQL. Over the exact-total threshold matches are common, so the first
 * rows of the sort index are walked first (bounded: a surname's matches sit together, 56,000 rows into
 * the index for "nov", which PostgreSQL, guessing them spread evenly, would walk at 1.3 µs a row).
 * Under it, or when the walk found too few, the matches are found through their indexes and sorted:
 * `offset 0` keeps the planner from walking the sort index instead.
 */
async function postgresPageIds(
  db: DynamicDb,
  entity: CompiledEntity,
  query: DatagridQuery,
  offset: number,
  dense: boolean,
): Promise<number[]> {
  const { table } = entity.declaration;
  const sortColumn = query.sort.sortColumn;
  const page = (source: SelectBuilder) =>
    source
      .orderBy(sortColumn, query.direction)
      .orderBy('id', query.direction)
      .limit(query.limit)
      .offset(offset);
  const ids = (rows: Row[]) => rows.map((row) => Number(row.id));
  if (dense) {
    const walked = Math.min(
      WALK_LIMIT.most,
      Math.max(WALK_LIMIT.least, WALK_LIMIT.perRow * (offset + query.limit)),
    );
    const head = db
      .selectFrom(table)
      .selectAll()
      .orderBy(sortColumn, query.direction)
      .orderBy('id', query.direction)
      .limit(walked)
      .as(table);
    const rows = (await page(
      filtered(db, entity, 'postgres', query, false, head).select(['id', sortColumn]),
    ).execute()) as Row[];
    // The walked rows begin the sort order, so a full page among them is the page.
    if (rows.length === query.limit) return ids(rows);
  }
  const matches = filtered(db, entity, 'postgres', query).select(['id', sortColumn]).offset(0).as('matches');
  return ids((await page(db.selectFrom(matches).select('id')).execute()) as Row[]);
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
