/**
 * The kinds of e-mail reminders Klubovna sends, as each person sees them in their profile
 * (Upozornění e-mailem), where any of them can be switched off. The server declares for each who
 * receives it and what it says (modules/reminders/reminders.ts).
 */
export const REMINDER_KINDS = [
  {
    value: 'training-cancelled',
    label: 'Zrušený trénink',
    description: 'Když trenér zruší trénink skupiny, ve které jste vy nebo vaše dítě.',
  },
  {
    value: 'invitation-pending',
    label: 'Nepřijatá pozvánka',
    description: 'Když pozvaný uživatel ani po 3 dnech nenastaví heslo.',
  },
  {
    value: 'medical-check-ending',
    label: 'Končící lékařská prohlídka',
    description:
      'Když vaší lékařské prohlídce, prohlídce vašeho dítěte nebo člena skupiny, kterou trénujete, zbývá do konce platnosti 30 dnů.',
  },
  {
    value: 'payment-overdue',
    label: 'Platba po splatnosti',
    description: 'Když platba za vás nebo vaše dítě není po splatnosti zaplacena celá (s QR Platbou).',
  },
] as const;

export type ReminderKind = (typeof REMINDER_KINDS)[number]['value'];

/** The user setting (user-config) holding the kinds a person switched off: `{ off: ReminderKind[] }`. */
export const REMINDER_SETTINGS = 'reminders';

/** The kinds switched off in a stored setting; anything unexpected reads as none. */
export function remindersOff(stored: unknown): ReminderKind[] {
  const off = (stored as { off?: unknown } | null)?.off;
  if (!Array.isArray(off)) return [];
  return REMINDER_KINDS.map((kind) => kind.value).filter((kind) => off.includes(kind));
}
