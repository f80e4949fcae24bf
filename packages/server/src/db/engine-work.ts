import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any schema
type AnyKysely = Kysely<any>;

/** Work each database does its own way, for the layers above that must not ask which one runs. */
export interface EngineWork {
  /**
   * Refreshes the planner's statistics of tables a bulk write changed, so that the lists are as fast
   * right after it as later. Statistics only: a failure leaves the committed write as it is.
   */
  refreshStatistics(db: AnyKysely, tables: readonly string[]): Promise<void>;
  /**
   * Takes the turn named `name` among instances sharing the database until the transaction ends;
   * false when another instance holds it.
   */
  takeTurn(trx: AnyKysely, name: string): Promise<boolean>;
}

/** SQLite plans without kept statistics, and its write transactions run one at a time (BEGIN IMMEDIATE). */
const SQLITE_WORK: EngineWork = {
  refreshStatistics: async () => {},
  takeTurn: async () => true,
};

/**
 * PostgreSQL's statistics are refreshed by autovacuum only some time after a bulk write; a turn is an
 * advisory lock named after the schema, held until the transaction ends.
 */
const POSTGRES_WORK: EngineWork = {
  async refreshStatistics(db, tables) {
    for (const table of tables) {
      try {
        await sql`analyze ${sql.table(table)}`.execute(db);
      } catch {
        // Autovacuum refreshes them later.
      }
    }
  },
  async takeTurn(trx, name) {
    const { rows } = await sql<{ granted: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(${`klubovna.${name}.`} || current_schema())) as granted
    `.execute(trx);
    return rows[0]?.granted === true;
  },
};

/** The running database's own way of that work. */
export const engineWork = (db: AnyKysely): EngineWork =>
  engineOf(db) === 'postgres' ? POSTGRES_WORK : SQLITE_WORK;
