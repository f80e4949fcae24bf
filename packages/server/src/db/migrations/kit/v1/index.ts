/**
 * Migration kit v1: everything a migration needs beyond Kysely and Node, frozen. A migration runs on
 * databases made years after it was written, and must do then exactly what it did the day it was
 * committed; so it imports nothing from the live code, which keeps changing, only this kit. Nothing in
 * this folder is ever edited: a helper that must work differently is written into a new version
 * (`kit/v2/`, which may import what it keeps unchanged from `v1`), and only migrations written after
 * it use it. `npm run migration:generate` writes its imports from the newest version.
 *
 * Some of it the running app has in a copy of its own, on purpose: the Czech sort key and search text
 * (engine/schema/czech-text.ts, computed whenever a record is written), which database a handle speaks
 * to (`engineOf`, db/dialect.ts), and the table names and indexed text of the search indexes its
 * readers keep up to date (db/ranked-search.ts, db/ranked-search-postgres.ts). The app's copies change
 * with the app; the ones here are what the migrations ran with. Where the app wants the kit's
 * own behaviour — the table model and the comparison the migration generator writes migrations in,
 * creating the tables of test fixtures as a generated migration would — it imports the newest kit
 * through db/migration-kit.ts instead of keeping a copy.
 */
export * from './auth-changes-postgres.ts';
export * from './derived-columns.ts';
export * from './dialect.ts';
export * from './introspect.ts';
export * from './ranked-search-postgres.ts';
export * from './ranked-search-sqlite.ts';
export * from './schema-apply.ts';
export * from './search-index.ts';
export * from './table-model.ts';
