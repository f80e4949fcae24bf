import type { Role, UserDto } from '@klubovna/shared';
import type { FastifyRequest } from 'fastify';
import type { AliasableExpression } from 'kysely';

/**
 * What every route may rely on about the signed-in user. The auth module's plugin
 * (modules/auth/auth.plugin.ts) provides it: it reads the session cookie of each request and enforces
 * the route's declared access (route-access.ts).
 */

/** The cookie that carries a session. */
export const SESSION_COOKIE = 'klubovna_session';

export interface CurrentUser extends UserDto {
  version: number;
  roles: Role[];
}

/**
 * A session taken on trust until the route's read proves it: the read selects `expression()` in its own
 * statement and hands the value it read to `receive`.
 */
export interface SessionProofRead {
  expression(): AliasableExpression<unknown>;
  receive(value: unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs a route's read with the request's session proof (when its session was taken on trust),
     * then stands by the answer only if the session is proved, else looks the session up and
     * authorises again. Routes using it declare `config.sessionProvedByRead`.
     */
    readProvingSession<T>(
      request: FastifyRequest,
      read: (proof: SessionProofRead | undefined) => Promise<T>,
    ): Promise<T>;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}
