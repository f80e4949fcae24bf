import type { ReminderKind } from '@klubovna/shared';
import { czechDate, czechTime } from '@klubovna/shared/time/prague';
import type { Executor } from '../../db/database.ts';
import { cancelledTrainingRecipients, pendingInvitations } from './reminders.repository.ts';

/** One reminder due: what it is about (a training, an invitation), to which address, and its mail. */
export interface DueReminder {
  subject: string;
  email: string;
  mail: { subject: string; text: string };
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

const DAY_MS = 24 * 60 * 60_000;
/** An invitation not accepted after this long is reminded to whom sent it. */
export const INVITATION_REMINDER_DAYS = 3;

const switchOff = (publicUrl: string) =>
  `Tato upozornění si můžete vypnout v Klubovně ve svém profilu (Upozornění e-mailem): ${publicUrl}/admin/user/profile`;

const trainingCancelled: ReminderDeclaration = {
  kind: 'training-cancelled',
  recipients: 'členové skupiny zrušeného tréninku a jejich zákonní zástupci',
  async due({ db, now, publicUrl }) {
    const rows = await cancelledTrainingRecipients(db, now);
    return rows.map((row) => {
      const when = `${czechDate(row.startsAt)} v ${czechTime(row.startsAt)}`;
      return {
        subject: `training:${row.trainingId}`,
        email: row.email,
        mail: {
          subject: `Zrušený trénink: ${row.groupName}, ${when}`,
          text: [
            'Dobrý den,',
            '',
            `trénink skupiny ${row.groupName} ${when}${row.place ? ` (${row.place})` : ''} je zrušen.`,
            ...(row.reason ? [`Důvod: ${row.reason}`] : []),
            '',
            switchOff(publicUrl),
          ].join('\n'),
        },
      };
    });
  },
};

const invitationPending: ReminderDeclaration = {
  kind: 'invitation-pending',
  recipients: 'ten, kdo pozvánku poslal',
  async due({ db, now, publicUrl }) {
    const sentBefore = new Date(now.getTime() - INVITATION_REMINDER_DAYS * DAY_MS).toISOString();
    const rows = await pendingInvitations(db, now, sentBefore);
    return rows.map((row) => ({
      subject: `invitation:${row.tokenId}`,
      email: row.email,
      mail: {
        subject: `Pozvánka do Klubovny zatím nepřijata: ${row.inviteeName}`,
        text: [
          'Dobrý den,',
          '',
          `${row.inviteeName} (${row.inviteeEmail}) si zatím nenastavil(a) heslo z pozvánky do Klubovny,`,
          `kterou jste poslali ${czechDate(row.sentAt)}. Odkaz v ní platí do ${czechDate(row.expiresAt)}.`,
          `Pozvánku můžete poslat znovu v seznamu uživatelů: ${publicUrl}/admin/uzivatele`,
          '',
          switchOff(publicUrl),
        ].join('\n'),
      },
    }));
  },
};

/**
 * Every kind of reminder, in one list. Medical checks ending within 30 days (the member or guardian and
 * the group's trainers) join it as one more declaration once medical checks exist.
 */
export const REMINDERS: readonly ReminderDeclaration[] = [trainingCancelled, invitationPending];
