import { type Kysely, PostgresAdapter } from 'kysely';

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

export const nowIso = (): string => new Date().toISOString();
