import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressBody, type Encoding, preferredEncoding } from '../../http/encoded-body.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../plugins/compression.ts';
import { VIDEO_HOSTS } from '../content/index.ts';

/**
 * Public pages run no script at all; they embed players of the allowed video hosts only, and their
 * images may come from the site or, in an article, from another https address.
 */
export const PUBLIC_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https:",
  `frame-src ${VIDEO_HOSTS.map((host) => `https://${host}`).join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What a public route renders: a page (HTML unless said), its status 200 unless said. */
export type Rendered = { status?: number; type?: string; body: string };

/** An answer as rendered once: what every request for the address gets while nothing changes. */
export interface Answer {
  status: number;
  type: string;
  body: string;
  etag: string;
  lastModified: string;
  /** The body compressed, made at its first request in each encoding. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/** The answer of a rendering: a weak ETag of its bytes and the given Last-Modified. */
export function answerOf(rendered: Rendered, lastModified: Date): Answer {
  return {
    status: rendered.status ?? 200,
    type: rendered.type ?? 'text/html; charset=utf-8',
    body: rendered.body,
    etag: `W/"${createHash('sha1').update(rendered.body).digest('base64url')}"`,
    lastModified: lastModified.toUTCString(),
  };
}

/**
 * Sends an answer with its ETag and Last-Modified; a client that has it gets a 304 (If-None-Match
 * wins over If-Modified-Since). Larger bodies go compressed as the client accepts, each encoding made
 * once per answer.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply
    .status(answer.status)
    .type(answer.type)
    .header('cache-control', 'public, no-cache')
    .header('content-security-policy', PUBLIC_CSP)
    .header('etag', answer.etag)
    .header('last-modified', answer.lastModified)
    .header('vary', 'accept-encoding');
  if (answer.status === 200) {
    const ifNoneMatch = request.headers['if-none-match'];
    const fresh = ifNoneMatch
      ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag.slice(2))
      : Date.parse(answer.lastModified) <= Date.parse(request.headers['if-modified-since'] ?? '');
    if (fresh) return reply.status(304).send();
  }
  const encoding =
    Buffer.byteLength(answer.body) >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(request) : null;
  if (!encoding) return reply.send(answer.body);
  answer.encoded ??= {};
  answer.encoded[encoding] ??= compressBody(answer.body, encoding);
  return reply.header('content-encoding', encoding).send(answer.encoded[encoding]);
}

/** The address as cached: its path and the page of a listing; other query parameters change nothing. */
export function cacheKey(request: FastifyRequest): string {
  const [path = '', query = ''] = request.url.split('?');
  const pages = new URLSearchParams(query).getAll('strana');
  return pages.length > 0 ? `${path}?strana=${pages.join('&strana=')}` : path;
}
