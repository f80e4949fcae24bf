import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Error codes of a full disk: the file system's, SQLite's and PostgreSQL's (disk_full). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
/** libvips (sharp) reports a failed write only in its message. */
const DISK_FULL_MESSAGE = /no space left on device|disk quota exceeded/i;

/** True when the error, or one of its causes, says the disk has no room left. */
export function isDiskFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    if (typeof message === 'string' && DISK_FULL_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

export interface DiskReport {
  /** 'full' from a failed write until a write succeeds again. */
  status: 'ok' | 'full';
  /** When the last write failed for lack of space, while the status is 'full'. */
  fullSince: string | null;
  /** Space left for DATA_DIR (SQLite file, uploads); null when it cannot be read. */
  freeBytes: number | null;
}

/**
 * What the server knows about its disk. A failed write marks it full; the next write that succeeds
 * (after someone freed space) clears it, so writes resume without a restart and the health endpoint
 * tells a monitor in between.
 */
export class DiskSpace {
  #fullSince: string | null = null;
  readonly #dataDir: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  markFull(): void {
    this.#fullSince ??= new Date().toISOString();
  }

  markWritable(): void {
    this.#fullSince = null;
  }

  async report(): Promise<DiskReport> {
    const stats = await fs.statfs(this.#dataDir).catch(() => undefined);
    return {
      status: this.#fullSince ? 'full' : 'ok',
      fullSince: this.#fullSince,
      freeBytes: stats ? stats.bavail * stats.bsize : null,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    diskSpace: DiskSpace;
  }
}

const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const diskSpacePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('diskSpace', new DiskSpace(app.config.dataDir));
  app.addHook('onResponse', (request, reply, done) => {
    if (WRITING_METHODS.has(request.method) && reply.statusCode < 300) app.diskSpace.markWritable();
    done();
  });
});
