import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PassResult, runHousekeepingPass } from './housekeeping.service.ts';

/** The first pass waits this long after start (or one interval, when shorter), so starting stays quick. */
const FIRST_PASS_DELAY_MS = 60_000;

export interface Housekeeping {
  /** Runs a pass now, or joins the one this process is running; null when another instance ran it. */
  runPass(): Promise<PassResult | null>;
  /** When the next scheduled pass starts (ms since the epoch); null when none is scheduled. */
  nextPassAt(): number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

/**
 * Runs a housekeeping pass every HOUSEKEEPING_INTERVAL seconds from the moment the app is ready. The
 * timer never keeps the process alive and stops when the app closes, after the pass in progress.
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance) => {
    const intervalMs = app.config.housekeepingIntervalSeconds * 1000;
    let running: Promise<PassResult | null> | undefined;
    let timer: NodeJS.Timeout | undefined;
    let nextAt: number | null = null;
    let closing = false;

    const runPass = () => {
      running ??= runHousekeepingPass({
        db: app.db,
        entities: app.entities,
        storage: app.storage,
        sessionTtlSeconds: app.config.sessionTtlSeconds,
        trashRetentionDays: app.config.trashRetentionDays,
      }).finally(() => {
        running = undefined;
      });
      return running;
    };

    const scheduledPass = async () => {
      timer = undefined;
      nextAt = null;
      try {
        const result = await runPass();
        app.log.info({ deleted: result ?? 'another instance ran the pass' }, 'housekeeping pass');
      } catch (error) {
        app.log.error({ err: error }, 'housekeeping pass failed');
      }
      if (!closing) schedule(intervalMs);
    };

    const schedule = (delayMs: number) => {
      nextAt = Date.now() + delayMs;
      timer = setTimeout(scheduledPass, delayMs);
      timer.unref();
    };

    app.decorate('housekeeping', { runPass, nextPassAt: () => nextAt });
    if (intervalMs > 0)
      app.addHook('onReady', async () => schedule(Math.min(FIRST_PASS_DELAY_MS, intervalMs)));
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      nextAt = null;
      await running?.catch(() => undefined);
    });
  },
  { name: 'housekeeping' },
);
