import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DiskSpace } from '../http/disk-space.ts';

const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The app's disk state (http/disk-space.ts): the error handler marks it full when a write fails for
 * lack of space, and every write that succeeds marks it writable again.
 */
export const diskSpacePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('diskSpace', new DiskSpace(app.config.dataDir));
  app.addHook('onResponse', (request, reply, done) => {
    if (WRITING_METHODS.has(request.method) && reply.statusCode < 300) app.diskSpace.markWritable();
    done();
  });
});
