import { type Kysely, sql } from 'kysely';
import { createSearchUpdateTrigger, engineOf } from './kit/v1/index.ts';

/** SQLite: members' trigram index is rewritten on update only when the search text changed. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') return;
  await sql`drop trigger members_search_update`.execute(db);
  await createSearchUpdateTrigger(db, 'members');
}
