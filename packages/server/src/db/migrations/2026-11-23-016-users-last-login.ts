import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

/** When each CMS user last signed in, for the user list (accounts are hand-written tables). */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const type = columnTypes(db);
  await db.schema.alterTable('users').addColumn('last_login_at', type.dateTime).execute();
}
