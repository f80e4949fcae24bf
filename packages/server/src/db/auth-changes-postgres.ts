import { sql } from 'kysely';

/**
 * PostgreSQL: a count of the committed changes that can end or alter a session someone holds — a
 * session deleted or given another owner or expiry, a user changed or deleted, a setting changed (the
 * security policy is one). A new session and a session's touch (`last_seen_at`) do not count. Read in
 * the same statement as a request's data, an unchanged count proves a session looked up earlier still
 * holds as it was (modules/auth/auth.plugin.ts).
 *
 * Migrations make the count and its triggers (migrations/kit/v1/auth-changes-postgres.ts). The
 * counting triggers are deferred to the commit, so a transaction takes the count's row lock last,
 * after every lock its own statements took: two of them cannot deadlock over it.
 */
export const authChanges = sql<number>`(select n from auth_changes)`;
