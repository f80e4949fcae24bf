import type { Kysely } from 'kysely';
import { createPostgresRowCount } from './kit/v1/index.ts';

/**
 * Written by hand, as 014 and 015 were: PostgreSQL's kept row count of members also counts the
 * statements that wrote the table (updates too), which page anchors are checked against (see
 * db/ranked-search-postgres.ts and engine/list/anchors.ts). Nothing on SQLite.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await createPostgresRowCount(db, 'members');
}
