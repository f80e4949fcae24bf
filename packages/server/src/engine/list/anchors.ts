import { type RawBuilder, sql } from 'kysely';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { Row } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import { holdsNoNull } from '../schema/entity-schema.ts';
import type { ListQuery } from './list-query.ts';
import type { AnchorKey, Walk } from './pages.ts';

// Page anchors: the sort key of every ANCHOR_EVERY-th row of a whole table, so that a far page of it
// is read from the nearest anchor before it (`(sort key, id) > anchor`, then fewer than ANCHOR_EVERY
// entries of offset) instead of an offset walk of tens of thousands of index entries (at 100,000
// members, 0.46 ms on SQLite for 50,000 entries and ~5 ms on PostgreSQL for 25,000: most of what a far
// page cost).

/** Rows between two anchors: the most a page walks past its anchor. */
export const ANCHOR_EVERY = 500;

export interface Anchors {
  /** What the table looked like when they were read: its row count and the stamp of its writes. */
  total: number;
  signature: string;
  /** keys[i] is the row at (ascending) position (i + 1) × ANCHOR_EVERY − 1. */
  keys: AnchorKey[];
}

const kept = new WeakMap<DynamicDb, Map<string, Anchors>>();
const building = new WeakMap<DynamicDb, Map<string, Promise<Anchors | undefined>>>();

const anchorsKey = (entity: CompiledEntity, query: ListQuery) =>
  `${entity.declaration.table} ${query.sort.sortColumn}`;

/**
 * Whether anchors serve this page of a list of `total` rows: a page of a whole list sorted by a column
 * that holds no NULL (the two engines put NULLs at opposite ends, past which `>` cannot step), at least
 * ANCHOR_EVERY rows from both ends (nearer one, an offset walk from that end is as short).
 */
export const anchorsServe = (query: ListQuery, offset: number, total: number): boolean =>
  query.search === '' &&
  query.filters.length === 0 &&
  query.scope === undefined &&
  holdsNoNull(query.sort) &&
  offset < total &&
  Math.min(offset, total - offset - query.limit) >= ANCHOR_EVERY;

/** The anchors kept for the list's table and sort column, whatever table state they were read in. */
export function keptAnchors(db: DynamicDb, entity: CompiledEntity, query: ListQuery) {
  return kept.get(db)?.get(anchorsKey(entity, query));
}

export function forgetAnchors(db: DynamicDb, entity: CompiledEntity, query: ListQuery): void {
  kept.get(db)?.delete(anchorsKey(entity, query));
}

/**
 * Reads the anchors of the list's sort column (once at a time per table and column) with `read`,
 * which answers them with the table state they belong to, or nothing when that state cannot be told.
 */
export async function readAnchors(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  read: () => Promise<Anchors | undefined>,
): Promise<Anchors | undefined> {
  const key = anchorsKey(entity, query);
  const pending = building.get(db) ?? new Map<string, Promise<Anchors | undefined>>();
  building.set(db, pending);
  let reading = pending.get(key);
  if (!reading) {
    reading = read().finally(() => pending.delete(key));
    pending.set(key, reading);
  }
  const anchors = await reading;
  if (anchors) {
    const byKey = kept.get(db) ?? new Map<string, Anchors>();
    kept.set(db, byKey);
    byKey.set(key, anchors);
  }
  return anchors;
}

/**
 * How a reader steps from one anchor's row `a` to the rows after it, `m`, in the sort order of `sort`
 * (a FROM … WHERE clause): PostgreSQL plans it best with the previous key as a subquery, SQLite with a
 * join.
 */
export type AnchorStep = (table: RawBuilder<unknown>, sort: RawBuilder<unknown>) => RawBuilder<unknown>;

/**
 * The statement of the anchors' rows (n, key, id), with `also` selected beside them: every
 * ANCHOR_EVERY-th id found from the one before by a short walk of the sort index, then their keys. It
 * starts with `select`, which the write tracker knows for a read.
 */
export function anchorsQuery(
  entity: CompiledEntity,
  query: ListQuery,
  step: AnchorStep,
  also: RawBuilder<unknown> = sql`null as none`,
) {
  const table = sql.id(entity.declaration.table);
  const sort = sql.id(query.sort.sortColumn);
  const skip = sql.lit(ANCHOR_EVERY - 1);
  return sql<Row>`select k.n, k.key, k.id, ${also} from (
      with recursive a(n, id) as (
        select 1, (select id from ${table} order by ${sort}, id limit 1 offset ${skip})
        union all
        select n + 1, (select m.id ${step(table, sort)} order by m.${sort}, m.id limit 1 offset ${skip})
          from a where a.id is not null
      )
      select a.n as n, m.${sort} as key, m.id as id from a join ${table} m on m.id = a.id
    ) as k`;
}

/** The anchors' rows of anchorsQuery in their order. */
export const anchorKeys = (rows: Row[]): AnchorKey[] =>
  [...rows].sort((a, b) => Number(a.n) - Number(b.n)).map((row) => ({ key: row.key, id: Number(row.id) }));

/**
 * The walk to a page of a whole list from its nearest anchor: the page's rows in ascending order
 * (rowsInOrder puts them in the list's), after the last anchor before them. Right only while the
 * table is as the anchors found it.
 */
export function anchoredWalk(query: ListQuery, offset: number, anchors: Anchors): Walk {
  const { total } = anchors;
  let start = query.direction === 'asc' ? offset : total - offset - query.limit;
  let limit = query.limit;
  if (start < 0) {
    limit += start;
    start = 0;
  }
  const block = Math.min(Math.floor(start / ANCHOR_EVERY), anchors.keys.length) - 1;
  if (block < 0) return { offset: start, limit, direction: 'asc' };
  return {
    offset: start - (block + 1) * ANCHOR_EVERY,
    limit,
    direction: 'asc',
    after: anchors.keys[block],
  };
}
