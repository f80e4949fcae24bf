import { authChanges } from '../../db/auth-changes-postgres.ts';
import { StampedCache } from '../../db/stamped-cache.ts';
import type { CachedSession } from './session-cache.ts';

/** A session this instance looked up, with the count of session changes it was read at (authChanges). */
export type TrustedSession = CachedSession & { changes: number };

/**
 * A session taken on trust from an earlier lookup, until the request's own read proves it: the read
 * carries the count of session changes (authChanges) in its statement, so the count is of the same
 * snapshot as the data, and the answer stands only if nothing changed since the lookup.
 */
export class SessionProof {
  readonly idHash: string;
  readonly changes: number;
  #received: { value: unknown } | undefined;

  constructor(idHash: string, changes: number) {
    this.idHash = idHash;
    this.changes = changes;
  }

  expression() {
    return authChanges;
  }

  receive(value: unknown): void {
    this.#received = { value };
  }

  /** The read carried the count, and nothing that can alter a session has changed since the lookup. */
  get held(): boolean {
    return this.#received !== undefined && Number(this.#received.value) === this.changes;
  }
}

/**
 * PostgreSQL: sessions this instance has looked up, to be taken on trust by routes whose read proves
 * them (config.sessionProvedByRead). Nothing here is believed without that proof, so a logout,
 * deactivation or role change made through another instance holds at the next request as before; what
 * it saves is the lookup's own round trip. `ttlMs` only bounds the memory.
 */
export class TrustedSessions {
  readonly #sessions: StampedCache<TrustedSession>;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#sessions = new StampedCache(ttlMs, maxEntries);
  }

  get(idHash: string, now: number): TrustedSession | undefined {
    return this.#sessions.get(idHash, 0, now);
  }

  set(idHash: string, now: number, session: TrustedSession): void {
    this.#sessions.set(idHash, 0, now, session);
  }

  delete(idHash: string): void {
    this.#sessions.delete(idHash);
  }
}
