import type { AliasableExpression, CompiledQuery } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { compiledOnce } from './compiled-shapes.ts';
import { capped, cappedCountQuery, countRows } from './datagrid-count.ts';
import { recordColumns } from './datagrid-pages.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import { type RankedSearch, rankedRowsQuery, searchShape, sortedAsIndexed } from './datagrid-ranked.ts';
import type { Row } from './record-mapper.ts';
import type { DynamicDb } from './records.repository.ts';

/**
 * A value read beside a page's rows, in the same statement and snapshot, when the page is read in one
 * (searchPageAndTotal, and PostgreSQL's whole-table pages), with at least one row: how a session taken
 * on trust is proved without a round trip of its own (plugins/auth.ts). `receive` is not called when it
 * was not read. The expression holds no values: it is compiled into statements kept per shape.
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

/**
 * A ranked search's page with its total counted in the same statement (`__total` of every row) and
 * `alongside` read with them: one statement a request. It is compiled once per search shape and list
 * order (searchShape, compiledOnce): Kysely building and compiling it anew took a sixth of an uncached
 * search on SQLite. Undefined when the list is sorted otherwise. An empty page past the first carries
 * no total, which is then counted on its own.
 */
export async function searchPageAndTotal(
  db: DynamicDb,
  entity: CompiledEntity,
  engine: Engine,
  query: DatagridQuery,
  search: RankedSearch,
  offset: number,
  alongside?: ReadAlongside,
) {
  if (!sortedAsIndexed(entity, query)) return undefined;
  const statement = (shaped: RankedSearch, limit: number, at: number) =>
    rankedRowsQuery(db, entity, shaped, { ...query, limit }, at, recordColumns(entity)).select([
      cappedCountQuery(db, entity, engine, query, shaped).as('__total'),
      ...(alongside ? [alongside.expression(db).as('__alongside')] : []),
    ]);
  const shape = searchShape(search);
  const compiled = shape
    ? compiledOnce(
        [shape.key, entity.declaration.table, query.sort.sortColumn, query.direction, !!alongside].join(' '),
        [query.limit, offset, ...shape.values],
        ([limit, at, ...values]) => statement(shape.of(values), limit as number, at as number),
      )
    : statement(search, query.limit, offset).compile();
  const items = await readPage(db, compiled, alongside);
  if (items.length === 0 && offset > 0)
    return { items, ...(await countRows(db, entity, engine, query, search)) };
  return { items, ...capped(Number(items[0]?.__total ?? 0)) };
}
