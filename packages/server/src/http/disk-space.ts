import fs from 'node:fs/promises';

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
