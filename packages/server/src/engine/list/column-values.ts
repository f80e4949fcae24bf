import { sql } from 'kysely';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { RowCondition } from '../declaration/entity.types.ts';
import type { Row } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import { escapeLike } from './conditions.ts';

/** Up to 20 distinct values of a column, those containing `search` (see ListReader). */
export async function distinctValues(
  db: DynamicDb,
  entity: CompiledEntity,
  column: string,
  search: string,
  scope?: RowCondition,
) {
  let query = db.selectFrom(entity.declaration.table).select(column).distinct().where(column, 'is not', null);
  if (scope) query = query.where(scope);
  // Numbers, booleans and date-times are searched in their text form (PostgreSQL has no lower() of them).
  if (search)
    query = query.where(
      sql`lower(cast(${sql.ref(column)} as text))`,
      'like',
      `%${escapeLike(search.toLowerCase())}%`,
    );
  return (await query.orderBy(column).limit(20).execute()) as Row[];
}
