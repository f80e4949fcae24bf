import { API_PATHS, can, type Role, type UserDto } from '@klubovna/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { writeTrackerOf } from '../db/write-tracker.ts';
import { AppError, forbidden, unauthorized } from '../errors/app-error.ts';
import type { MultipartParts, RouteAccess } from '../http/route-access.ts';
import { sha256 } from '../modules/auth/secrets.ts';
import { type CachedSession, SESSION_TABLES, SessionCache } from '../modules/auth/session-cache.ts';
import { findLiveSession, touchSession } from '../modules/auth/sessions.repository.ts';
import { withTwoFactorDutyOf } from '../modules/auth/two-factor.service.ts';
import { toUserDto } from '../modules/auth/users.repository.ts';

export const SESSION_COOKIE = 'klubovna_session';
/** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * How long a looked-up session is reused without reading the database (SQLite only, see
 * SessionCache). Logout, password changes and deactivation end it at once.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Paths that need a session whatever follows; checked before routing so 401 hides what exists. */
const PROTECTED_PREFIXES = ['/api/cms/', '/api/admin/'];

export interface CurrentUser extends UserDto {
  version: number;
  roles: Role[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every /api route with its access rule and its Zod schemas, for the authorisation test that
     * walks them all and for the OpenAPI document.
     */
    apiRoutes: Array<{
      method: string;
      url: string;
      access: RouteAccess;
      schema?: FastifySchema;
      multipart?: MultipartParts;
    }>;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    /** Hash of the session cookie, when signed in. */
    sessionHash: string | null;
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

async function lookUpSession(
  app: FastifyInstance,
  cache: SessionCache,
  idHash: string,
  now: number,
): Promise<CachedSession | undefined> {
  // Taken before the lookup, so a write that overlaps it keeps the result out of the cache.
  const stamp = writeTrackerOf(app.db)?.stamp(SESSION_TABLES) ?? Number.NaN;
  const cached = cache.get(idHash, stamp, now);
  if (cached) return cached;
  const row = await findLiveSession(
    app.db,
    idHash,
    new Date(now).toISOString(),
    new Date(now - app.config.sessionTtlSeconds * 1000).toISOString(),
  );
  if (!row) return undefined;
  const session = {
    user: withTwoFactorDutyOf(toUserDto(row), row.security_policy),
    lastSeenAt: Date.parse(row.last_seen_at),
    expiresAt: Date.parse(row.expires_at),
  };
  cache.set(idHash, stamp, now, session);
  return session;
}

async function loadSession(
  app: FastifyInstance,
  cache: SessionCache,
  request: FastifyRequest,
): Promise<void> {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return;
  const now = Date.now();
  const idHash = sha256(cookie);
  const session = await lookUpSession(app, cache, idHash, now);
  // A cached session may have expired since it was read.
  if (
    !session ||
    session.expiresAt <= now ||
    session.lastSeenAt <= now - app.config.sessionTtlSeconds * 1000
  ) {
    return;
  }
  request.user = session.user as CurrentUser;
  request.sessionHash = idHash;
  if (now - session.lastSeenAt > TOUCH_INTERVAL_MS) {
    // The cached entry learns it too: the touch is not counted as a write (sessions.repository.ts).
    session.lastSeenAt = now;
    // A read must not fail for want of a write nobody asked for (a full disk): the touch waits.
    await touchSession(app.db, idHash, new Date(now).toISOString()).catch((error: unknown) => {
      request.log.warn({ err: error }, 'session not touched');
    });
  }
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

/** Loads the session of every request and enforces each route's declared access. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  const sessions = new SessionCache(SESSION_CACHE_TTL_MS);

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

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.url.toLowerCase().startsWith('/api')) return;
    await loadSession(app, sessions, request);
    const access = request.routeOptions.config?.access;
    if (access) assertAccess(access, request.user);
    else if (isProtectedPath(request.url) && !request.user) throw unauthorized();
    if (access !== 'public' && request.user?.twoFactorSetupRequired && !isOwnAccountPath(request.url))
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', 403);
  });
});
