import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 4 * 1024;

/**
 * Compresses the larger answers of the API (big pages of a list, CSV exports) as the client asks:
 * Brotli at quality 4 (close to gzip's speed, smaller) or gzip. Only text types: XLSX, images and
 * uploads are compressed already. Requests are never decompressed (a compressed request body would
 * get round the body size limit). Routes registered before this plugin (the built web app, which is
 * compressed once at build time) are not touched.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    customTypes: /^(text\/(?!event-stream)|application\/(json|javascript|xml)|[^;]+\+(json|xml))/,
  });
});
