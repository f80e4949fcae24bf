import { authChanges } from '../../db/auth-changes-postgres.ts';
import type { Executor } from '../../db/database.ts';
import { SECURITY_POLICY_KEY } from './two-factor.service.ts';
import { USER_DTO_COLUMNS } from './users.repository.ts';

export interface NewSession {
  idHash: string;
  userId: number;
  now: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Neither a new session nor a touched one can make a cached session wrong, so these two writes are
 * kept from the write tracker: counted, every sign-in and every active user's touch once a minute
 * would empty every other session's cache entry.
 */
const untracked = (db: Executor) => db.withoutPlugins();

export const insertSession = (db: Executor, session: NewSession) =>
  untracked(db)
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();

/**
 * A live session of an active user: not past its absolute expiry, not idle since `idleSince`. Named
 * columns, not `users.*`: asked on every request, it is then a prepared statement on PostgreSQL. The
 * security policy comes with it (`security_policy`), so a request costs one round trip, not two.
 */
function liveSessionQuery(db: Executor, idHash: string, now: string, idleSince: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_DTO_COLUMNS.map((column) => `users.${column}` as const))
    .leftJoin('app_settings', (join) => join.on('app_settings.key', '=', SECURITY_POLICY_KEY))
    .select(['sessions.id_hash', 'sessions.last_seen_at', 'sessions.expires_at'])
    .select('app_settings.value as security_policy')
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince)
    .where('users.active', '=', 1);
}

export const findLiveSession = (db: Executor, idHash: string, now: string, idleSince: string) =>
  liveSessionQuery(db, idHash, now, idleSince).executeTakeFirst();

/** findLiveSession with the count of changes to sessions it was read at (PostgreSQL, see authChanges). */
export const findLiveSessionWithChanges = (db: Executor, idHash: string, now: string, idleSince: string) =>
  liveSessionQuery(db, idHash, now, idleSince).select(authChanges.as('auth_changes')).executeTakeFirst();

export const touchSession = (db: Executor, idHash: string, now: string) =>
  untracked(db).updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();

export const deleteSession = (db: Executor, idHash: string) =>
  db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();

/** Ends every session of a user, optionally keeping the one making the change. */
export function deleteUserSessions(db: Executor, userId: number, exceptIdHash?: string) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptIdHash) query = query.where('id_hash', '!=', exceptIdHash);
  return query.execute();
}

export const deleteExpiredSessions = (db: Executor, now: string, idleSince: string) =>
  db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
    .execute();

/** A user's sessions that still work (not expired, not idle since `idleSince`), newest first. */
export const liveUserSessions = (db: Executor, userId: number, now: string, idleSince: string) =>
  db
    .selectFrom('sessions')
    .select(['id_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .execute();
