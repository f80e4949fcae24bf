import type { AliasableExpression, CompiledQuery } from 'kysely';
import { RANKED_SEARCH } from '../../db/ranked-search.ts';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { Row } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import { compiledOnce, type ValueShape } from './compiled-shapes.ts';
import type { ListQuery } from './list-query.ts';
import { recordColumns } from './pages.ts';
import { capped, countedUpToCap, type Total } from './totals.ts';

// A search answered by an index whose matches come in list order (SQLite's ranked FTS5 index,
// PostgreSQL's trigram entries), its page and total read in one statement.

// biome-ignore lint/suspicious/noExplicitAny: Kysely's select-builder for dynamic tables
type SelectBuilder = any;

/**
 * A value read beside a page's rows, in the same statement and snapshot, when the page is read in one
 * (a ranked search's page, and PostgreSQL's whole-table pages), with at least one row: how a session
 * taken on trust is proved without a round trip of its own (modules/auth). `receive` is not called
 * when it was not read. The expression holds no values: it is compiled into statements kept per shape.
 */
export interface ReadAlongside {
  expression(db: DynamicDb): AliasableExpression<unknown>;
  receive(value: unknown): void;
}

/** Runs a page's statement and hands `alongside` the value read with its first row. */
export async function readPage(db: DynamicDb, compiled: CompiledQuery, alongside: ReadAlongside | undefined) {
  const rows = (await db.executeQuery(compiled)).rows as Row[];
  if (alongside && rows[0]) alongside.receive(rows[0].__alongside);
  return rows;
}

/** A reader's index of searches in list order, and a search `S` it found the words in. */
export interface RankedIndex<S> {
  /** The statement of a page of the search's rows with `columns`, in list order. */
  rows(
    db: DynamicDb,
    entity: CompiledEntity,
    search: S,
    query: ListQuery,
    offset: number,
    columns: string[],
  ): SelectBuilder;
  /** A statement of one row per match of the list's search, for the capped count. */
  matches(db: DynamicDb, entity: CompiledEntity, search: S, query: ListQuery): SelectBuilder;
  /** The search's shape, for statements compiled once per shape; undefined: compiled each time. */
  shape(search: S): ValueShape<S> | undefined;
}

/** Whether the list is sorted in the order of the table's ranked index, which a RankedIndex reads. */
export const sortedAsIndexed = (entity: CompiledEntity, query: ListQuery) =>
  RANKED_SEARCH[entity.declaration.table] === query.sort.sortColumn;

/**
 * A ranked search's page with its total counted in the same statement (`__total` of every row) and
 * `alongside` read with them: one statement a request. It is compiled once per search shape and list
 * order (compiledOnce): Kysely building and compiling it anew took a sixth of an uncached search on
 * SQLite. Undefined when the list is sorted otherwise. An empty page past the first carries no total
 * (`total` undefined): the reader counts it on its own.
 */
export async function rankedPageAndTotal<S>(
  db: DynamicDb,
  entity: CompiledEntity,
  query: ListQuery,
  index: RankedIndex<S>,
  search: S,
  offset: number,
  alongside?: ReadAlongside,
): Promise<{ items: Row[]; total: Total | undefined } | undefined> {
  if (!sortedAsIndexed(entity, query)) return undefined;
  const statement = (shaped: S, limit: number, at: number) =>
    index
      .rows(db, entity, shaped, { ...query, limit }, at, recordColumns(entity))
      .select([
        countedUpToCap(db, index.matches(db, entity, shaped, query)).as('__total'),
        ...(alongside ? [alongside.expression(db).as('__alongside')] : []),
      ]);
  const shape = index.shape(search);
  const compiled = shape
    ? compiledOnce(
        [shape.key, entity.declaration.table, query.sort.sortColumn, query.direction, !!alongside].join(' '),
        [query.limit, offset, ...shape.values],
        ([limit, at, ...values]) => statement(shape.of(values), limit as number, at as number),
      )
    : statement(search, query.limit, offset).compile();
  const items = await readPage(db, compiled, alongside);
  if (items.length === 0 && offset > 0) return { items, total: undefined };
  return { items, total: capped(Number(items[0]?.__total ?? 0)) };
}
