import type { Access, Area } from '@klubovna/shared';
import type { z } from 'zod';

/**
 * Who may call a route. Every route under /api declares one; the app refuses to start otherwise.
 * - `public`: anyone.
 * - `session`: any signed-in user.
 * - `{ area, access }`: a signed-in user whose roles grant that access in the permission matrix.
 */
export type RouteAccess = 'public' | 'session' | { area: Area; access: Access };

/**
 * The parts of a multipart body, for the API documentation: `'file'` for an uploaded file, or the Zod
 * schema of a field that holds JSON (the same schema the handler validates it with).
 */
export type MultipartParts = Record<string, 'file' | z.ZodType>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    multipart?: MultipartParts;
    /**
     * On PostgreSQL the route's read proves a session this instance looked up before, in the same
     * statement (plugins/auth.ts, readProvingSession), instead of a lookup of its own.
     */
    sessionProvedByRead?: boolean;
  }
}
