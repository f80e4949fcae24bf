import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '../errors/app-error.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { WEB_ASSETS_PREFIX } from './web-app.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Bodies a foreign page can send without a CORS preflight. */
const SIMPLE_BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

function originOf(url: string): string {
  return new URL(url).origin;
}

function isForeignOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  if (origin === 'null') return true;
  const own = [originOf(publicUrl), `${request.protocol}://${request.host}`];
  return !own.includes(origin);
}

/**
 * A request that rides on the session cookie must come from our own pages: no foreign Origin, and
 * no "simple" body (forms, text) unless it carries a header only our own script can set.
 */
function assertNotCrossSite(request: FastifyRequest, publicUrl: string): void {
  if (!UNSAFE_METHODS.has(request.method) || !request.cookies[SESSION_COOKIE]) return;
  if (isForeignOrigin(request, publicUrl)) throw forbidden('CSRF_REJECTED');
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const simpleBody = SIMPLE_BODY_TYPES.includes(contentType);
  if (simpleBody && request.headers['x-requested-with'] !== 'XMLHttpRequest')
    throw forbidden('CSRF_REJECTED');
}

/**
 * The headers helmet sets, computed once: our options do not depend on the request, and helmet's
 * Fastify plugin would rebuild its middleware for every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const sentryOrigin = app.config.sentryDsn ? originOf(app.config.sentryDsn) : undefined;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: app.config.publicUrl.startsWith('https:'),
  });

  // The built app's scripts, styles and images are never documents: of the headers above only these
  // two mean anything for them, and the rest would cost about 700 bytes on each of a page's files.
  const assetHeaders = {
    'x-content-type-options': headers['x-content-type-options']!,
    'cross-origin-resource-policy': headers['cross-origin-resource-policy']!,
  };

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(WEB_ASSETS_PREFIX) ? assetHeaders : headers);
    assertNotCrossSite(request, app.config.publicUrl);
    done();
  });

  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
    done();
  });
});
