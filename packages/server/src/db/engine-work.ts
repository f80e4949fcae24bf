import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect.ts';
import { applyPendingRanks, RANKED_SEARCH } from './ranked-search.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any schema
type AnyKysely = Kysely<any>;

/** Work each database does its own way, for the layers above that must not ask which one runs. */
export interface EngineWork {
  /**
   * Leaves the tables a bulk write changed as fast to read right after it as later: their planner's
   * statistics refreshed, their rows (and their search index's entries) marked visible to every
   * transaction. Upkeep only: a failure leaves the committed write as it is.
   */
  settleAfterBulkWrite(db: AnyKysely, tables: readonly string[]): Promise<void>;
  /**
   * Takes the turn named `name` among instances sharing the database until the transaction ends;
   * false when another instance holds it.
   */
  takeTurn(trx: AnyKysely, name: string): Promise<boolean>;
}

/**
 * SQLite plans without kept statistics, and its write transactions run one at a time (BEGIN IMMEDIATE).
 * What a bulk write leaves is the ranked search index's queue (ranked-search.ts): put in at once, not by
 * the first search after an import, which would otherwise wait for all of it.
 */
const SQLITE_WORK: EngineWork = {
  async settleAfterBulkWrite(db, tables) {
    for (const table of tables) if (table in RANKED_SEARCH) await applyPendingRanks(db, table);
  },
  takeTurn: async () => true,
};

/**
 * PostgreSQL's statistics and visibility map are brought up to date by autovacuum only some time after a
 * bulk write, or never where it is off: until then a list is planned on the table as it was, and a search
 * that reads the search index alone (ranked-search-postgres.ts) fetches every entry's row to see whether
 * it is visible (half the throughput right after an import of 100,000 members). VACUUM marks the new
 * pages all-visible (it reads only pages not marked yet); the search index is not analysed, as sampling
 * its millions of entries took 3 s and its statistics only choose a search's lead trigram. A turn is an
 * advisory lock named after the schema, held until the transaction ends.
 */
const POSTGRES_WORK: EngineWork = {
  async settleAfterBulkWrite(db, tables) {
    const statements = tables.flatMap((table) => [
      sql`vacuum (analyze) ${sql.table(table)}`,
      ...(table in RANKED_SEARCH ? [sql`vacuum ${sql.table(`${table}_trigrams`)}`] : []),
    ]);
    for (const statement of statements) {
      try {
        await statement.execute(db);
      } catch {
        // Autovacuum does it later.
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
