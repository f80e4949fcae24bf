import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { addressesSwitchedOff, forgetDelivery, recordDelivery } from './reminders.repository.ts';
import { REMINDERS, type ReminderDeclaration } from './reminders.ts';

export interface RemindersDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Sends every reminder due that was not sent before and whose recipient has not switched its kind off;
 * answers how many went out. A mail that could not be sent is tried again at the next pass (the pass
 * then fails, for the job runner to retry), the others stay sent.
 */
export async function sendDueReminders(
  deps: RemindersDeps,
  now = new Date(),
  reminders: readonly ReminderDeclaration[] = REMINDERS,
): Promise<number> {
  let sent = 0;
  const failures: string[] = [];
  for (const reminder of reminders) {
    const off = await addressesSwitchedOff(deps.db, reminder.kind);
    const due = await reminder.due({ db: deps.db, now, publicUrl: deps.publicUrl });
    for (const item of due) {
      const email = item.email.trim().toLowerCase();
      if (off.has(email)) continue;
      const delivery = await recordDelivery(deps.db, reminder.kind, item.subject, email, now.toISOString());
      if (delivery === undefined) continue;
      try {
        const mail = typeof item.mail === 'function' ? await item.mail() : item.mail;
        await deps.mailer.send({ to: email, ...mail });
        sent += 1;
      } catch (error) {
        await forgetDelivery(deps.db, delivery);
        deps.log.error({ err: error, kind: reminder.kind }, 'reminder mail could not be sent');
        failures.push(email);
      }
    }
  }
  if (failures.length > 0)
    throw new Error(`Upozornění se nepodařilo odeslat na ${failures.length} adres: ${failures.join(', ')}`);
  return sent;
}
