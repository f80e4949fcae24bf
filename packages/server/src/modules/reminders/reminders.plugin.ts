import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDueReminders } from './reminders.service.ts';

/** How often the job looking for due reminders is queued (a cancelled training also queues one at once). */
export const REMINDERS_EVERY_SECONDS = 600;

/** E-mail reminders are the job kind `reminders`, run by one instance each period (see jobs). */
export const remindersPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define({
      kind: 'reminders',
      everySeconds: REMINDERS_EVERY_SECONDS,
      run: async () => {
        const sent = await sendDueReminders({
          db: app.db,
          mailer: app.mailer,
          log: app.log,
          publicUrl: app.config.publicUrl,
        });
        if (sent > 0) app.log.info({ sent }, 'reminders sent');
      },
    });
  },
  { name: 'reminders', dependencies: ['jobs'] },
);
