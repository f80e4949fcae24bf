import { sql } from 'kysely';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { Row } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import type { ListQuery } from './list-query.ts';

// The statements of a list's page that both databases write alike: which ids, walked from which end,
// and their rows in list order.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's select-builder for dynamic tables
type SelectBuilder = any;

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
export async function rowsByIds(db: DynamicDb, entity: CompiledEntity, ids: number[]): Promise<Row[]> {
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
export const rowsInOrder = (db: DynamicDb, entity: CompiledEntity, query: ListQuery, ids: SelectBuilder) =>
  db
    .selectFrom(entity.declaration.table)
    .select(recordColumns(entity))
    .where('id', 'in', ids)
    .orderBy(query.sort.sortColumn, query.direction)
    .orderBy('id', query.direction);

/** A row of a sort order, by its sort key and id: where a walk may start after (see datagrid-anchors.ts). */
export interface AnchorKey {
  key: unknown;
  id: number;
}

/** Where a page's walk of the sort index starts, which way it goes, and how many ids it takes there. */
export interface Walk {
  offset: number;
  limit: number;
  direction: 'asc' | 'desc';
  /** Starts after this row of the sort order (ascending walks only) instead of at the first. */
  after?: AnchorKey;
}

export const walkFromStart = (query: ListQuery, offset: number): Walk => ({
  offset,
  limit: query.limit,
  direction: query.direction,
});

/**
 * A page of a whole list of `total` rows walked to from the nearer end of the sort index: past the
 * middle, its rows are the ones as many from the end the other way (page 3,000 of 4,000 walks 25,000
 * entries instead of 75,000). Right only while the table holds exactly `total` rows.
 */
export function walkFromNearerEnd(query: ListQuery, offset: number, total: number): Walk {
  if (offset >= total || 2 * offset + query.limit <= total) return walkFromStart(query, offset);
  const end = Math.min(total, offset + query.limit);
  return { offset: total - end, limit: end - offset, direction: query.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * Whether a walk found its page by the table's count or anchors (from the other end, or after an
 * anchor), so that a write since they were read may have moved its rows.
 */
export const reliesOnCount = (walk: Walk, query: ListQuery): boolean =>
  walk.after !== undefined || walk.direction !== query.direction;

/** The statement of a page's ids of `rows` (the list's narrowed statement), walked along the sort index. */
export function pageIds(rows: SelectBuilder, query: ListQuery, walk: Walk) {
  return walkedIds(rows, query, walk).limit(walk.limit).offset(walk.offset);
}

/** The ids of `rows` in the walk's order from where it starts, without its offset and limit. */
export function walkedIds(rows: SelectBuilder, query: ListQuery, walk: Walk) {
  let ids = rows;
  const { after } = walk;
  if (after)
    ids = ids.where(sql<boolean>`(${sql.ref(query.sort.sortColumn)}, id) > (${after.key}, ${after.id})`);
  return ids.select('id').orderBy(query.sort.sortColumn, walk.direction).orderBy('id', walk.direction);
}

/** Every row of `rows` (the list's narrowed statement, made anew for each batch) in list order. */
export async function* rowsInBatches(rows: () => SelectBuilder, entity: CompiledEntity, query: ListQuery) {
  const batch = 500;
  for (let offset = 0; ; offset += batch) {
    const found = (await rows()
      .select(recordColumns(entity))
      .orderBy(query.sort.sortColumn, query.direction)
      .orderBy('id', query.direction)
      .limit(batch)
      .offset(offset)
      .execute()) as Row[];
    yield* found;
    if (found.length < batch) return;
  }
}
