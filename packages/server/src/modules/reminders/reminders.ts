import { czechDate, czechTime } from '@klubovna/shared/time/prague';
import { medicalCheckEnding } from './medical-check-reminder.ts';
import { paymentOverdue } from './payment-reminder.ts';
import { type ReminderDeclaration, switchOff } from './reminder-declaration.ts';
import { cancelledTrainingRecipients, pendingInvitations } from './reminders.repository.ts';

export type { DueReminder, ReminderContext, ReminderDeclaration } from './reminder-declaration.ts';

const DAY_MS = 24 * 60 * 60_000;
/** An invitation not accepted after this long is reminded to whom sent it. */
export const INVITATION_REMINDER_DAYS = 3;

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

/** Every kind of reminder, in one list. */
export const REMINDERS: readonly ReminderDeclaration[] = [
  trainingCancelled,
  invitationPending,
  medicalCheckEnding,
  paymentOverdue,
];
