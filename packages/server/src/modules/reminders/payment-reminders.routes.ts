import { API_PATHS, isOffice, type PaymentRemindersSent } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { recordIdSchema } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { engineContext } from '../../engine/engine.routes.ts';
import { listQueryOf } from '../../engine/list/list.service.ts';
import { dynamic, entityFor } from '../../engine/records/records.service.ts';
import { AppError } from '../../errors/app-error.ts';
import { dataOf } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { OVERDUE_FILTER } from '../payments/index.ts';
import { overduePaymentReminders } from './payment-reminder.ts';
import type { ReminderDeclaration } from './reminder-declaration.ts';
import { sendDueReminders } from './reminders.service.ts';

const MAX_REMINDED = 5000;
const tooMany = `Najednou lze upomenout nejvýše ${MAX_REMINDED} plateb.`;

const remindersBody = z
  .object({
    /** The requests to remind; all overdue ones when neither this nor `list` is given. */
    ids: z.array(recordIdSchema).max(MAX_REMINDED, tooMany).optional(),
    /**
     * The payments list as the office filtered it, its query as in its address (`s=…&filter[group]=3`):
     * the overdue requests of that list.
     */
    list: z.string().max(4000, 'Filtry seznamu jsou příliš dlouhé.').optional(),
  })
  .refine((body) => body.ids === undefined || body.list === undefined, {
    message: 'Pošlete buď vybrané platby, nebo filtry seznamu, ne obojí.',
    path: ['list'],
  });

/** The overdue requests of the payments list read with `list`'s search and filters (its own rules). */
async function overdueOfList(app: FastifyInstance, request: FastifyRequest, list: string): Promise<number[]> {
  const context = engineContext(app, request);
  const entity = entityFor(context, 'payment', 'read');
  const search = new URLSearchParams(list);
  search.set(`filter[${OVERDUE_FILTER.name}]`, OVERDUE_FILTER.value);
  const query = listQueryOf(context, entity, search);
  const ids: number[] = [];
  for await (const row of context.reader.rows(dynamic(context), entity, query)) {
    ids.push(Number(row.id));
    if (ids.length > MAX_REMINDED) throw new AppError('VALIDATION_FAILED', 400, tooMany);
  }
  return ids;
}

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
      const { list } = request.body;
      const ids = list === undefined ? request.body.ids : await overdueOfList(app, request, list);
      const reminders = counted(overduePaymentReminders(ids, `office:${pragueToday(now)}`));
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
