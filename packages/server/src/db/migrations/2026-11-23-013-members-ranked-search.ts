import type { Kysely } from 'kysely';
import { createRankedSearch } from './kit/v1/index.ts';

/**
 * Written by hand (the generator cannot express FTS5 tables): SQLite's members get a trigram index in
 * the order of their surnames (`members_rank`, `members_ranked`; see db/ranked-search.ts), so a search
 * page reads its own rows instead of sorting or walking to every match. Nothing on PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await createRankedSearch(db, 'members');
}
