/** The club's time zone: every date is shown as it is in Prague. */
export const APP_TIME_ZONE = 'Europe/Prague';

const DATE = new Intl.DateTimeFormat('cs-CZ', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: APP_TIME_ZONE,
});

const LONG_DATE = new Intl.DateTimeFormat('cs-CZ', {
  weekday: 'long',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: APP_TIME_ZONE,
});

const DATE_TIME = new Intl.DateTimeFormat('cs-CZ', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: APP_TIME_ZONE,
});

const TIME = new Intl.DateTimeFormat('cs-CZ', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: APP_TIME_ZONE,
});

/** `17:30` in Prague time. */
export function formatTime(value: Date | string | number): string {
  return TIME.format(new Date(value));
}

/** `22. 11. 2026 18:30` in Prague time (no dependency, safe for the smallest chunks). */
export function formatDateTime(value: Date | string | number): string {
  return DATE_TIME.format(new Date(value));
}

/** `22. 11. 2026` (no dependency, safe for the smallest chunks). */
export function formatDate(value: Date | string | number): string {
  return DATE.format(new Date(value));
}

/** `neděle 22. 11. 2026`. */
export function formatLongDate(value: Date | string | number): string {
  return LONG_DATE.format(new Date(value));
}

/** The hour in Prague, for greetings. */
export function pragueHour(value: Date = new Date()): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: APP_TIME_ZONE }).format(
      value,
    ),
  );
}
