import { API_PATHS, can } from '@klubovna/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { writeTrackerOf } from '../../db/write-tracker.ts';
import { AppError, forbidden, unauthorized } from '../../errors/app-error.ts';
import type { RouteAccess } from '../../http/route-access.ts';
import { type CurrentUser, SESSION_COOKIE } from '../../http/session.ts';
import { sha256 } from './secrets.ts';
import { type CachedSession, SESSION_TABLES, SessionCache } from './session-cache.ts';
import { SessionProof, TrustedSessions } from './session-proof.ts';
import { findLiveSession, findLiveSessionWithChanges, touchSession } from './sessions.repository.ts';
import { withTwoFactorDutyOf } from './two-factor.service.ts';
import { toUserDto } from './users.repository.ts';

/** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * How long a looked-up session is reused without reading the database (SQLite only, see
 * SessionCache). Logout, password changes and deactivation end it at once.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Paths that need a session whatever follows; checked before routing so 401 hides what exists. */
const PROTECTED_PREFIXES = ['/api/cms/', '/api/admin/'];

declare module 'fastify' {
  interface FastifyRequest {
    /** Hash of the session cookie, when signed in. */
    sessionHash: string | null;
    /** The session was taken on trust (PostgreSQL): the route's read must prove it (readProvingSession). */
    sessionProof: SessionProof | null;
  }
}

export function sessionCookieOptions(config: AppConfig) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
}

/** The session stores of an app: SQLite's exact cache, and on PostgreSQL the sessions taken on trust. */
interface SessionStores {
  cache: SessionCache;
  trusted: TrustedSessions | undefined;
}

type LookedUpSession = CachedSession & { changes?: number };

async function lookUpSession(
  app: FastifyInstance,
  stores: SessionStores,
  idHash: string,
  now: number,
): Promise<LookedUpSession | undefined> {
  // Taken before the lookup, so a write that overlaps it keeps the result out of the cache.
  const stamp = writeTrackerOf(app.db)?.stamp(SESSION_TABLES) ?? Number.NaN;
  const cached = stores.cache.get(idHash, stamp, now);
  if (cached) return cached;
  const at = [app.db, idHash, isoAt(now), isoAt(idleSince(app, now))] as const;
  const row = stores.trusted ? await findLiveSessionWithChanges(...at) : await findLiveSession(...at);
  if (!row) return undefined;
  const session = {
    user: withTwoFactorDutyOf(toUserDto(row), row.security_policy),
    lastSeenAt: Date.parse(row.last_seen_at),
    expiresAt: Date.parse(row.expires_at),
  };
  stores.cache.set(idHash, stamp, now, session);
  if (!('auth_changes' in row)) return session;
  const trusted = { ...session, changes: Number(row.auth_changes) };
  stores.trusted?.set(idHash, now, trusted);
  return trusted;
}

const isoAt = (time: number) => new Date(time).toISOString();
const idleSince = (app: FastifyInstance, now: number) => now - app.config.sessionTtlSeconds * 1000;

/** Not past its expiry, not idle too long: a session read earlier may have become either since. */
const isLive = (app: FastifyInstance, session: CachedSession, now: number) =>
  session.expiresAt > now && session.lastSeenAt > idleSince(app, now);

/**
 * Sets the request's user from its session cookie: taken on trust when `trust` and this instance has
 * looked the session up before (PostgreSQL; the route's read then proves it), otherwise looked up.
 * Returns the change count a session was looked up at on PostgreSQL (see TrustedSession).
 */
async function loadSession(
  app: FastifyInstance,
  stores: SessionStores,
  request: FastifyRequest,
  trust: boolean,
): Promise<number | undefined> {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return undefined;
  const now = Date.now();
  const idHash = sha256(cookie);
  const trusted = trust ? stores.trusted?.get(idHash, now) : undefined;
  // A session due for its touch is looked up, which touches it.
  if (trusted && isLive(app, trusted, now) && now - trusted.lastSeenAt <= TOUCH_INTERVAL_MS) {
    request.user = trusted.user as CurrentUser;
    request.sessionHash = idHash;
    request.sessionProof = new SessionProof(idHash, trusted.changes);
    return undefined;
  }
  const session = await lookUpSession(app, stores, idHash, now);
  if (!session || !isLive(app, session, now)) return undefined;
  request.user = session.user as CurrentUser;
  request.sessionHash = idHash;
  if (now - session.lastSeenAt > TOUCH_INTERVAL_MS) {
    // The cached entry learns it too: the touch is not counted as a write (sessions.repository.ts).
    session.lastSeenAt = now;
    // A read must not fail for want of a write nobody asked for (a full disk): the touch waits.
    await touchSession(app.db, idHash, isoAt(now)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'session not touched');
    });
  }
  return session.changes;
}

/** Where a user a root requires two-factor sign-in of may still go before turning it on: their own account. */
function isOwnAccountPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return (
    path === API_PATHS.currentUser ||
    path === API_PATHS.ownProfile ||
    path.startsWith(`${API_PATHS.ownProfile}/`)
  );
}

export function isProtectedPath(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  return PROTECTED_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
}

export function assertAccess(access: RouteAccess, user: CurrentUser | null): void {
  if (access === 'public') return;
  if (!user) throw unauthorized();
  if (access === 'session') return;
  if (!can(user.roles, access.area, access.access)) throw forbidden();
}

/** Enforces the route's declared access for the request's user (or none). */
function authorize(request: FastifyRequest): void {
  const access = request.routeOptions.config?.access;
  if (access) assertAccess(access, request.user);
  else if (isProtectedPath(request.url) && !request.user) throw unauthorized();
  if (access !== 'public' && request.user?.twoFactorSetupRequired && !isOwnAccountPath(request.url))
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', 403);
}

/** Loads the session of every request and enforces each route's declared access. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('sessionProof', null);
  const stores: SessionStores = {
    cache: new SessionCache(SESSION_CACHE_TTL_MS),
    trusted: app.databaseShared ? new TrustedSessions(TOUCH_INTERVAL_MS) : undefined,
  };

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.apiRoutes.push({
          method,
          url: route.url,
          access,
          schema: route.schema,
          multipart: route.config?.multipart,
        });
    }
  });

  /** A session taken on trust looked up after all; returns the change count it is now at. */
  async function lookUpTrusted(request: FastifyRequest, proof: SessionProof) {
    stores.trusted?.delete(proof.idHash);
    request.sessionProof = null;
    request.user = null;
    request.sessionHash = null;
    return loadSession(app, stores, request, false);
  }

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const url = request.url.toLowerCase();
    // Uploads are served by who may read them (modules/files): the session says who asks.
    if (url.startsWith('/files/')) return loadSession(app, stores, request, false);
    if (!url.startsWith('/api')) return;
    await loadSession(app, stores, request, request.routeOptions.config?.sessionProvedByRead === true);
    const proof = request.sessionProof;
    if (proof) {
      try {
        authorize(request);
        return;
      } catch {
        // Refused as the session was: the user may have been granted more since.
        await lookUpTrusted(request, proof);
      }
    }
    authorize(request);
  });

  app.decorate('readProvingSession', async (request, read) => {
    const proof = request.sessionProof;
    if (!proof) return read(undefined);
    let outcome: { answer: Awaited<ReturnType<typeof read>> } | { error: unknown };
    try {
      outcome = { answer: await read(proof) };
    } catch (error) {
      outcome = { error };
    }
    if ('answer' in outcome && proof.held) return outcome.answer;
    // Not proved by the read (it found no row to carry the proof, the session changed, or the read
    // failed as that session): looked up as on any other route, and read again if it is not the same.
    const changes = await lookUpTrusted(request, proof);
    authorize(request);
    if (changes !== proof.changes) return read(undefined);
    if ('error' in outcome) throw outcome.error;
    return outcome.answer;
  });
});
