import type { Kysely } from 'kysely';
import { createPostgresRankedSearch } from './kit/v1/index.ts';

/**
 * Written by hand, as 014 was: PostgreSQL's members' entries are built again with the word starts
 * (first letter, first two letters) that one- and two-letter searches walk in surname order. Nothing on
 * SQLite, whose ranked index has them since 013.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await createPostgresRankedSearch(db, 'members');
}
