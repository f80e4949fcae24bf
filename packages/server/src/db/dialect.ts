import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: helpers work on any schema
type AnyKysely = Kysely<any>;

export function engineOf(db: AnyKysely): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A select that locks its rows until the transaction ends on PostgreSQL; SQLite's write transactions
 * run one at a time anyway (and it has no FOR UPDATE).
 */
export function lockedForUpdate<Q extends { forUpdate(): Q }>(db: AnyKysely, query: Q): Q {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
}

/**
 * A column SQLite must not read through its index: its `active` holds one value for nearly every row,
 * and without kept statistics SQLite would walk that index (every active row) rather than the selective
 * indexes the rest of a condition could use. A unary plus hides the index from SQLite's planner;
 * PostgreSQL plans on statistics and keeps the plain column.
 */
export function withoutIndex(db: AnyKysely, column: string): RawBuilder<unknown> {
  return engineOf(db) === 'sqlite' ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
}

export const nowIso = (): string => new Date().toISOString();
