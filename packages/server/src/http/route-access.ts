import type { Access, Area } from '@klubovna/shared';

/**
 * Who may call a route. Every route under /api declares one; the app refuses to start otherwise.
 * - `public`: anyone.
 * - `session`: any signed-in user.
 * - `{ area, access }`: a signed-in user whose roles grant that access in the permission matrix.
 */
export type RouteAccess = 'public' | 'session' | { area: Area; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
