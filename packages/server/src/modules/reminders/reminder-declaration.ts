import type { ReminderKind } from '@klubovna/shared';
import type { Executor } from '../../db/database.ts';
import type { OutgoingMail } from '../../plugins/mail.ts';

/** A reminder's mail; `html` and `attachments` when it shows an image (a QR Platba). */
export type ReminderMail = Omit<OutgoingMail, 'to' | 'links'>;

/** One reminder due: what it is about (a training, an invitation), to which address, and its mail. */
export interface DueReminder {
  subject: string;
  email: string;
  /** The mail, or how to make it when it goes out (an image is made only for a mail that is sent). */
  mail: ReminderMail | (() => Promise<ReminderMail>);
}

export interface ReminderContext {
  db: Executor;
  now: Date;
  /** The app's address, for links in the mails. */
  publicUrl: string;
}

/** A kind of e-mail reminder: who receives it and what it says (its name in the profile is in REMINDER_KINDS). */
export interface ReminderDeclaration {
  kind: ReminderKind;
  /** Who receives it, in words. */
  recipients: string;
  /** Every reminder of the kind due now; those already sent and those switched off are left out later. */
  due(context: ReminderContext): Promise<DueReminder[]>;
}

/** The last line of every reminder: where to switch it off. */
export const switchOff = (publicUrl: string) =>
  `Tato upozornění si můžete vypnout v Klubovně ve svém profilu (Upozornění e-mailem): ${publicUrl}/admin/user/profile`;
