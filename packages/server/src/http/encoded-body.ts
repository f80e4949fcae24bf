import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** The encodings a page rendered by the server itself goes out in (the API's answers: compression.ts). */
export type Encoding = 'br' | 'gzip';

/** The encoding the client accepts that compresses best (`q=0` refuses one); null: none. */
export function preferredEncoding(request: FastifyRequest): Encoding | null {
  const accepted = new Map(
    (request.headers['accept-encoding'] ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)/.exec(param)?.[1]).find(Boolean);
      return [name, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? 0) > 0) return encoding;
  return null;
}

/**
 * A body compressed to be kept and sent again: Brotli at quality 6 costs a few milliseconds for a
 * page of tens of KB, so a page is compressed once per encoding, not per request.
 */
export function compressBody(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
    : zlib.gzipSync(body, { level: 6 });
}
