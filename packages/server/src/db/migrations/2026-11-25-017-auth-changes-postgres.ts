import type { Kysely } from 'kysely';
import { createPostgresAuthChanges } from './kit/v1/index.ts';

/**
 * Written by hand, as 014–016 were (the generator knows no triggers): PostgreSQL counts the changes
 * that can end or alter a session, against which a request proves the session it took on trust (see
 * db/auth-changes-postgres.ts). Nothing on SQLite.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await createPostgresAuthChanges(db);
}
