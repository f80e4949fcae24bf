import { type Kysely, sql } from 'kysely';
import { NOTIFY_TRIGGER, WRITES_CHANNEL } from './invalidation-bus.ts';

/** Kysely's own bookkeeping: no cache reads it. */
const UNWATCHED = ['kysely_migration', 'kysely_migration_lock'];

/**
 * PostgreSQL: gives every table of `schema` a statement-level trigger that NOTIFYs `schema.table` on
 * WRITES_CHANNEL after an insert, update, delete or truncate (PostgresInvalidationBus listens).
 * Triggers rather than the app's write tracker: the notification then belongs to the writing
 * transaction (sent at its commit, never for a rollback, before the writer hears of the commit), and
 * writes by any client count, raw SQL and psql included. Run at every start after the migrations, so a
 * table a migration adds is covered too; it changes nothing once every table has its trigger, and
 * instances starting together take turns under an advisory lock.
 */
// biome-ignore lint/suspicious/noExplicitAny: works on any schema
export async function ensureWriteNotifications(db: Kysely<any>, schema: string): Promise<void> {
  if ((await tablesWithoutTrigger(db, schema)).length === 0) return;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${schema}.${NOTIFY_TRIGGER}`}))`.execute(trx);
    const missing = await tablesWithoutTrigger(trx, schema);
    if (missing.length === 0) return;
    await sql
      .raw(
        `create or replace function ${quote(schema)}.${NOTIFY_TRIGGER}() returns trigger language plpgsql as $$
         begin
           perform pg_notify('${WRITES_CHANNEL}', tg_table_schema || '.' || tg_table_name);
           return null;
         end $$`,
      )
      .execute(trx);
    for (const table of missing) {
      await sql
        .raw(
          `create trigger ${NOTIFY_TRIGGER} after insert or update or delete or truncate
           on ${quote(schema)}.${quote(table)} for each statement
           execute function ${quote(schema)}.${NOTIFY_TRIGGER}()`,
        )
        .execute(trx);
    }
  });
}

// biome-ignore lint/suspicious/noExplicitAny: works on any schema
async function tablesWithoutTrigger(db: Kysely<any>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and not c.relispartition
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${NOTIFY_TRIGGER})
    order by c.relname`.execute(db);
  return rows.map((row) => row.name).filter((name) => !UNWATCHED.includes(name));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
