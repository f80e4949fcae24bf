import { sql } from 'kysely';
import { RANKED_SEARCH } from '../db/ranked-search.ts';
import { foldRowCount, rowCountExpressions } from '../db/ranked-search-postgres.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { compiledOnce } from './compiled-shapes.ts';
import {
  type Anchors,
  anchoredWalk,
  anchorKeys,
  anchorsQuery,
  anchorsServe,
  forgetAnchors,
  keptAnchors,
  readAnchors,
} from './datagrid-anchors.ts';
import { countRows } from './datagrid-count.ts';
import { filtered } from './datagrid-filter.ts';
import {
  pageIds,
  reliesOnCount,
  rowsInOrder,
  type Walk,
  walkFromNearerEnd,
  walkFromStart,
} from './datagrid-pages.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import { type ReadAlongside, readPage } from './datagrid-search-page.ts';
import type { Row } from './record-mapper.ts';
import type { DynamicDb } from './records.repository.ts';

// PostgreSQL's own ways to a datagrid page: with its total in one statement, and narrowed pages' ids.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's select-builder for dynamic tables
type SelectBuilder = any;

/** The row count last read with a page, per database and table: which end of the sort index is nearer. */
const lastTotals = new WeakMap<DynamicDb, Map<string, number>>();

/**
 * PostgreSQL keeps no result cache (other instances write the same database), so a page and its total
 * go in one statement, the total a column of every row: one round trip instead of two, for a whole
 * table whose row count is kept (a ranked search's: searchPageAndTotal). Undefined for other lists. An
 * empty page past the first says nothing of the total, which is then counted on its own. A far page is
 * walked from its anchor, which the table's change count read with the page confirms; a nearer page
 * from the end nearer by the count last read. When the counts read with the page differ, it is read
 * from the start again.
 */
export async function postgresPageAndTotal(
  db: DynamicDb,
  entity: CompiledEntity,
  query: DatagridQuery,
  offset: number,
  alongside?: ReadAlongside,
) {
  const { table } = entity.declaration;
  const whole = query.search === '' && query.filters.length === 0 && RANKED_SEARCH[table] !== undefined;
  if (!whole) return undefined;
  const totals = lastTotals.get(db) ?? new Map<string, number>();
  lastTotals.set(db, totals);
  const anchors = usableAnchors(db, entity, query, offset);
  const known = anchors?.total ?? totals.get(table);
  const walk = anchors
    ? anchoredWalk(query, offset, anchors)
    : known !== undefined
      ? walkFromNearerEnd(query, offset, known)
      : walkFromStart(query, offset);
  const counts = rowCountExpressions(table);
  const statement = (walked: Walk): SelectBuilder =>
    rowsInOrder(db, entity, query, pageIds(db, entity, 'postgres', query, walked, false)).select([
      counts.total.as('__total'),
      counts.parts.as('__parts'),
      counts.changes.as('__changes'),
      ...(alongside ? [alongside.expression(db).as('__alongside')] : []),
    ]);
  // Compiled once per shape of walk (see compiledOnce): the pages of a list differ only in its values.
  const read = async (walked: Walk) => {
    const { after } = walked;
    const shape = [table, query.sort.sortColumn, query.direction, walked.direction, !!after, !!alongside];
    const compiled = compiledOnce(
      `postgres page ${shape.join(' ')}`,
      [walked.limit, walked.offset, after?.key, after?.id],
      ([limit, at, key, id]) =>
        statement({
          ...walked,
          limit: limit as number,
          offset: at as number,
          ...(after ? { after: { key, id: id as number } } : {}),
        }),
    );
    return readPage(db, compiled, alongside);
  };
  let items = await read(walk);
  const first = items[0];
  const stale =
    first === undefined ||
    Number(first.__total) !== known ||
    (walk.after !== undefined && String(first.__changes) !== anchors?.signature);
  if (reliesOnCount(walk, query) && stale) {
    if (anchors) forgetAnchors(db, entity, query);
    items = await read(walkFromStart(query, offset));
  }
  if (items.length === 0 && offset > 0) {
    const { total, approximate } = await countRows(db, entity, 'postgres', query, undefined);
    return { items, total, approximate };
  }
  const counted = Number(items[0]?.__total ?? 0);
  totals.set(table, counted);
  await foldRowCount(db, table, Number(items[0]?.__parts ?? 0));
  // A far page walked from an end: the next ones of this list will start from anchors.
  if (!anchors && anchorsServe(query, offset, counted))
    await readAnchors(db, entity, query, () => readPostgresAnchors(db, entity, query));
  return { items, total: counted, approximate: false };
}

/** The anchors kept for a far page of the list, when there are (whatever table state they were read in). */
function usableAnchors(db: DynamicDb, entity: CompiledEntity, query: DatagridQuery, offset: number) {
  const anchors = keptAnchors(db, entity, query);
  return anchors && anchorsServe(query, offset, anchors.total) ? anchors : undefined;
}

/** The anchors of the list's sort column with the row and change counts of the table they were read in. */
async function readPostgresAnchors(
  db: DynamicDb,
  entity: CompiledEntity,
  query: DatagridQuery,
): Promise<Anchors | undefined> {
  const { total, changes } = rowCountExpressions(entity.declaration.table);
  const also = sql`${total} as __total, ${changes} as __changes`;
  const { rows } = await anchorsQuery(entity, 'postgres', query, also).execute(db);
  const first = rows[0];
  if (!first) return undefined;
  return { total: Number(first.__total), signature: String(first.__changes), keys: anchorKeys(rows) };
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
export async function postgresPageIds(
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
