import type { Kysely } from 'kysely';
import { createPostgresTrigrams } from './kit/v2/index.ts';

/**
 * Written by hand, as 014–016 were: PostgreSQL's members' trigram entries are built again in the
 * narrower form of kit v2 (cut from the words: no trigram holding a space, which no search asks for),
 * with the triggers that keep them; an import of many members writes a sixth fewer entries. Nothing on SQLite.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await createPostgresTrigrams(db, 'members');
}
