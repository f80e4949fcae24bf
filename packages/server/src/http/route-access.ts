import type { Access, Area } from '@klubovna/shared';
import type { FastifySchema } from 'fastify';
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
  interface FastifyInstance {
    /**
     * Every /api route with its access rule and its Zod schemas, for the authorisation test that
     * walks them all and for the OpenAPI document (collected by modules/auth/auth.plugin.ts).
     */
    apiRoutes: Array<{
      method: string;
      url: string;
      access: RouteAccess;
      schema?: FastifySchema;
      multipart?: MultipartParts;
    }>;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    multipart?: MultipartParts;
    /**
     * On PostgreSQL the route's read proves a session this instance looked up before, in the same
     * statement (session.ts, readProvingSession), instead of a lookup of its own.
     */
    sessionProvedByRead?: boolean;
  }
}
