import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any schema
type AnyKysely = Kysely<any>;

/**
 * PostgreSQL: the count of committed changes that can end or alter a session (db/auth-changes-postgres.ts
 * says how it is read), kept by triggers deferred to the commit, so a transaction takes the count's row
 * lock last, after every lock its own statements took: two of them cannot deadlock over it.
 */
export async function createPostgresAuthChanges(db: AnyKysely): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  const statements = [
    'create table auth_changes (id integer primary key check (id = 1), n bigint not null)',
    'insert into auth_changes (id, n) values (1, 0)',
    `create function auth_changes_count() returns trigger language plpgsql as $$
      begin update auth_changes set n = n + 1 where id = 1; return null; end $$`,
    ...[
      ['sessions', 'delete or update of id_hash, user_id, expires_at'],
      ['users', 'delete or update'],
      ['app_settings', 'insert or delete or update'],
    ].map(
      ([table, events]) =>
        `create constraint trigger ${table}_auth_changes after ${events} on ${table}
          deferrable initially deferred for each row execute function auth_changes_count()`,
    ),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
