import { sql } from 'kysely';
import { foldRowCount, rowCountExpressions } from '../../../db/ranked-search-postgres.ts';
import type { CompiledEntity } from '../../declaration/compile-entity.ts';
import type { Row } from '../../records/record-mapper.ts';
import type { DynamicDb } from '../../records/records.repository.ts';
import {
  type AnchorStep,
  type Anchors,
  anchoredWalk,
  anchorKeys,
  anchorsQuery,
  anchorsServe,
  forgetAnchors,
  keptAnchors,
  readAnchors,
} from '../anchors.ts';
import { compiledOnce } from '../compiled-shapes.ts';
import { likeWord, narrowed, plainColumn, type SearchWays } from '../conditions.ts';
import type { ListQuery } from '../list-query.ts';
import {
  pageIds,
  recordColumns,
  reliesOnCount,
  rowsInOrder,
  type Walk,
  walkedIds,
  walkFromNearerEnd,
  walkFromStart,
} from '../pages.ts';
import { type ReadAlongside, readPage } from '../ranked-page.ts';

// PostgreSQL's own ways to a page: a whole table's with its total in one statement, and narrowed
// pages' ids.

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
export async function wholeTablePageAndTotal(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  offset: number,
  alongside?: ReadAlongside,
): Promise<{ items: Row[]; total: number | undefined }> {
  const { table } = entity.declaration;
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
  const statement = (walked: Walk, bound: number | undefined): SelectBuilder =>
    walkedRows(db, entity, query, walked, bound).select([
      counts.total.as('__total'),
      counts.parts.as('__parts'),
      counts.changes.as('__changes'),
      ...(alongside ? [alongside.expression(db).as('__alongside')] : []),
    ]);
  // Compiled once per shape of walk (see compiledOnce): the pages of a list differ only in its values.
  const read = async (walked: Walk) => {
    const { after } = walked;
    const bound = WALK_BOUNDS.find((rows) => walked.offset + walked.limit <= rows);
    const shape = [
      table,
      query.sort.sortColumn,
      query.direction,
      walked.direction,
      !!after,
      !!alongside,
      bound,
    ];
    const compiled = compiledOnce(
      `postgres page ${shape.join(' ')}`,
      [walked.limit, walked.offset, after?.key, after?.id],
      ([limit, at, key, id]) =>
        statement(
          {
            ...walked,
            limit: limit as number,
            offset: at as number,
            ...(after ? { after: { key, id: id as number } } : {}),
          },
          bound,
        ),
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
  if (items.length === 0 && offset > 0) return { items, total: undefined };
  const counted = Number(items[0]?.__total ?? 0);
  totals.set(table, counted);
  await foldRowCount(db, table, Number(items[0]?.__parts ?? 0));
  // A far page walked from an end: the next ones of this list will start from anchors.
  if (!anchors && anchorsServe(query, offset, counted))
    await readAnchors(db, entity, query, () => readPostgresAnchors(db, entity, query));
  return { items, total: counted };
}

/**
 * How many rows of the sort index a page's statement walks at most, when its walk stays within one:
 * a near page or one from an anchor (ANCHOR_EVERY) does. A constant there, not a parameter, is what
 * lets PostgreSQL plan the statement once: with the walk's limit and offset as parameters its generic
 * plan guessed a tenth of the table, seemed dearer than planning each time, and every page was planned
 * anew (0.3–0.9 ms of the backend's processor time, more than running it).
 */
const WALK_BOUNDS = [100, 200, 300, 400, 500, 600];

/**
 * The statement of a walked page's rows in list order. Within `bound` its ids are a slice of an array
 * of the walk's first `bound` ids; `= any` of an array is read by the primary key whatever the plan
 * guesses of its length, where `in (…)` of a subquery was, in a generic plan, a scan of the table.
 */
function walkedRows(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  walked: Walk,
  bound: number | undefined,
): SelectBuilder {
  const { table } = entity.declaration;
  if (bound === undefined)
    return rowsInOrder(db, entity, query, pageIds(db.selectFrom(table), query, walked));
  const walkedIdsUpTo = walkedIds(db.selectFrom(table), query, walked).limit(sql.lit(bound));
  const { offset, limit } = walked;
  return db
    .selectFrom(table)
    .select(recordColumns(entity))
    .where(
      sql<boolean>`id = any((array(${walkedIdsUpTo}))[${offset}::int + 1 : ${offset}::int + ${limit}::int])`,
    )
    .orderBy(query.sort.sortColumn, query.direction)
    .orderBy('id', query.direction);
}

/** The anchors kept for a far page of the list, when there are (whatever table state they were read in). */
function usableAnchors(db: DynamicDb, entity: CompiledEntity, query: ListQuery, offset: number) {
  const anchors = keptAnchors(db, entity, query);
  return anchors && anchorsServe(query, offset, anchors.total) ? anchors : undefined;
}

const ANCHOR_STEP: AnchorStep = (table, sort) =>
  sql`from ${table} m where (m.${sort}, m.id) > ((select c.${sort} from ${table} c where c.id = a.id), a.id)`;

/** The anchors of the list's sort column with the row and change counts of the table they were read in. */
async function readPostgresAnchors(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
): Promise<Anchors | undefined> {
  const { total, changes } = rowCountExpressions(entity.declaration.table);
  const also = sql`${total} as __total, ${changes} as __changes`;
  const { rows } = await anchorsQuery(entity, query, ANCHOR_STEP, also).execute(db);
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
export async function narrowedPageIds(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
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
      postgresNarrowed(db, entity, query, head).select(['id', sortColumn]),
    ).execute()) as Row[];
    // The walked rows begin the sort order, so a full page among them is the page.
    if (rows.length === query.limit) return ids(rows);
  }
  const matches = postgresNarrowed(db, entity, query).select(['id', sortColumn]).offset(0).as('matches');
  return ids((await page(db.selectFrom(matches).select('id')).execute()) as Row[]);
}

const POSTGRES_WAYS: SearchWays = { word: likeWord, column: plainColumn };

/** The list's rows where its filters and words hold (see narrowed); `source` instead of the table. */
export const postgresNarrowed = (
  db: DynamicDb,
  entity: CompiledEntity,
  query: Pick<ListQuery, 'search' | 'filters' | 'scope'>,
  // biome-ignore lint/suspicious/noExplicitAny: an aliased subquery of the dynamic table
  source?: any,
) => narrowed(db, entity, query, POSTGRES_WAYS, false, source);
