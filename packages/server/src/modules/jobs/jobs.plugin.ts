import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work: modules define their kinds, anyone queues jobs, the runner runs them once. */
    jobs: JobRunner;
  }
}

/**
 * The app's job runner, polling every JOB_POLL_INTERVAL seconds once the app is ready (never with 0,
 * where tests call `app.jobs.runDue()`); it stops when the app closes, after the job in progress.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = new JobRunner({ db: app.db, log: app.log });
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start(app.config.jobPollIntervalSeconds));
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'jobs' },
);
