import type { Kysely } from 'kysely';
import { createPostgresRankedSearch } from './kit/v1/index.ts';

/**
 * Written by hand (the generator knows no trigger functions): PostgreSQL's members get their trigram
 * entries in surname order and a kept row count (`members_trigrams`, `members_row_counts`; see
 * db/ranked-search-postgres.ts), the counterpart of migration 013 on SQLite. Nothing on SQLite.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await createPostgresRankedSearch(db, 'members');
}
