import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { RowCondition } from '../declaration/entity.types.ts';
import type { Row } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import type { ListQuery } from './list-query.ts';
import type { ReadAlongside } from './ranked-page.ts';
import type { Total } from './totals.ts';

/** A page of a list's rows with the list's total. */
export interface ListPage extends Total {
  items: Row[];
}

/**
 * How a list is read from one kind of database: its page with the total, every row for an export, a
 * column's distinct values. Each database has its own implementation (`sqlite/`, `postgres/`); nothing
 * outside them asks which database it runs on.
 */
export interface ListReader {
  /** `alongside`: read beside the page where it is read in one statement (see ReadAlongside). */
  page(db: DynamicDb, entity: CompiledEntity, query: ListQuery, alongside?: ReadAlongside): Promise<ListPage>;
  /** Every row of the list in its order, in batches (exports). */
  rows(db: DynamicDb, entity: CompiledEntity, query: ListQuery): AsyncIterable<Row>;
  /** Up to 20 distinct values of a column in the rows of `scope`, those containing `search` (a filter's choices). */
  distinctValues(
    db: DynamicDb,
    entity: CompiledEntity,
    column: string,
    search: string,
    scope?: RowCondition,
  ): Promise<Row[]>;
}
