import { API_PATHS, isOffice, type PaymentRemindersSent } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { recordIdSchema } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { dataOf } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { overduePaymentReminders } from './payment-reminder.ts';
import type { ReminderDeclaration } from './reminder-declaration.ts';
import { sendDueReminders } from './reminders.service.ts';

const remindersBody = z.object({
  /** The requests to remind; all overdue ones when left out. */
  ids: z.array(recordIdSchema).max(5000, 'Najednou lze upomenout nejvýše 5000 plateb.').optional(),
});

/** How many mails went out, about how many overdue requests (`PaymentRemindersSent`). */
const remindersSentAnswer = dataOf(
  z.object({ sent: z.number().int(), overdue: z.number().int() }) satisfies z.ZodType<PaymentRemindersSent>,
);

/** The declaration counting the requests its reminders are about as they are found. */
function counted(declaration: ReminderDeclaration) {
  const subjects = new Set<string>();
  return {
    declaration: {
      ...declaration,
      due: async (context: Parameters<ReminderDeclaration['due']>[0]) => {
        const due = await declaration.due(context);
        for (const item of due) subjects.add(item.subject);
        return due;
      },
    },
    count: () => subjects.size,
  };
}

/**
 * The office sends the overdue reminder of chosen requests (or of every overdue one) now: the same
 * mail with the QR Platba as the automatic reminder, once a day per request and address, never to an
 * address that switched payment reminders off.
 */
export async function paymentRemindersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    API_PATHS.paymentReminders,
    {
      schema: { body: remindersBody, response: { 200: remindersSentAnswer } },
      config: { access: { area: 'payments', access: 'write' } },
    },
    async (request) => {
      // The matrix grants the payments area to roles whose rows are limited; the reminders go over all.
      if (!isOffice(request.user?.roles))
        throw new AppError('FORBIDDEN', 403, 'Upomínky může poslat jen kancelář klubu.');
      const now = new Date();
      const reminders = counted(overduePaymentReminders(request.body.ids, `office:${pragueToday(now)}`));
      let sent: number;
      try {
        sent = await sendDueReminders(
          { db: app.db, mailer: app.mailer, log: request.log, publicUrl: app.config.publicUrl },
          now,
          [reminders.declaration],
        );
      } catch {
        throw new AppError(
          'MAIL_FAILED',
          502,
          'Některé upomínky se nepodařilo odeslat; poštovní server je nepřijal. Zkuste to prosím znovu.',
        );
      }
      const data: PaymentRemindersSent = { sent, overdue: reminders.count() };
      return { data };
    },
  );
}
