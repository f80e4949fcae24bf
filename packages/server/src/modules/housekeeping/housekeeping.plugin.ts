import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PassResult, runHousekeepingPass } from './housekeeping.service.ts';

export interface Housekeeping {
  /** Runs a pass now, or joins the one this process is running; null when another instance ran it. */
  runPass(): Promise<PassResult | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

/**
 * Housekeeping is the job kind `housekeeping`, queued once every HOUSEKEEPING_INTERVAL seconds (0: never)
 * and run by whichever instance's job runner claims it: one instance a period, not each.
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance) => {
    let running: Promise<PassResult | null> | undefined;
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
    app.decorate('housekeeping', { runPass });
    app.jobs.define({
      kind: 'housekeeping',
      everySeconds: app.config.housekeepingIntervalSeconds,
      // The next period's pass does the same work: no point in retrying for long.
      maxAttempts: 2,
      run: async () => {
        const result = await runPass();
        app.log.info({ deleted: result ?? 'another instance ran the pass' }, 'housekeeping pass');
      },
    });
  },
  { name: 'housekeeping', dependencies: ['jobs'] },
);
