import type { Role, UserDto } from '@klubovna/shared';
import { StampedCache } from '../../db/stamped-cache.ts';

/** The user behind a session, as every request sees it. */
export interface SessionUser extends UserDto {
  version: number;
  roles: Role[];
}

export interface CachedSession {
  user: Readonly<SessionUser>;
  lastSeenAt: number;
  expiresAt: number;
}

/** Tables whose writes may end or change a session (the security policy, in app_settings, owes it two factors). */
export const SESSION_TABLES = ['sessions', 'users', 'app_settings'] as const;

/**
 * Sessions recently looked up, keyed by the cookie's hash, so that a signed-in request does not read
 * the database. An entry is reused only while nothing wrote users or sessions through this process
 * (logout, password change, deactivation, expiry edits all do) and for at most `ttlMs`. Nothing is
 * kept when other app instances may write the database (PostgreSQL: the write tracker's stamp is
 * NaN), so a logout, password change or role change made through one instance holds on all at once.
 */
export class SessionCache {
  readonly #cache: StampedCache<CachedSession>;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#cache = new StampedCache(ttlMs, maxEntries);
  }

  get(idHash: string, stamp: number, now: number): CachedSession | undefined {
    return this.#cache.get(idHash, stamp, now);
  }

  /** The user is frozen: every request of the session shares it. */
  set(idHash: string, stamp: number, now: number, session: CachedSession): void {
    Object.freeze(session.user.roles);
    Object.freeze(session.user);
    this.#cache.set(idHash, stamp, now, session);
  }

  get size(): number {
    return this.#cache.size;
  }
}
