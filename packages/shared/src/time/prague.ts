// The club lives in Prague time: its days, its clock and its "today" are Prague's, whatever the time
// zone of the computer that asks. Every conversion and every Czech display of a date goes through here.

/** The club's time zone. */
export const PRAGUE_TIME_ZONE = 'Europe/Prague';

/** A moment: a Date, an ISO 8601 date-time with its offset, or milliseconds since 1970 (UTC). */
export type Instant = Date | string | number;

const DAY_MS = 86_400_000;
const WEEKDAYS = ['neděle', 'pondělí', 'úterý', 'středa', 'čtvrtek', 'pátek', 'sobota'] as const;

// Made on first use: a bundle that imports this module and calls none of it runs none of it.
let wallClockFormat: Intl.DateTimeFormat | undefined;

/** An instant as Prague wall-clock time `2026-11-24T17:30:05` (a RangeError when it is no instant). */
export function pragueWallClock(instant: Instant): string {
  wallClockFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PRAGUE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(
    wallClockFormat.formatToParts(new Date(instant)).map((each) => [each.type, each.value]),
  );
  return `${part.year!.padStart(4, '0')}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** An instant's Prague calendar day `2026-11-24` and time `17:30`. */
export function pragueParts(instant: Instant): { date: string; time: string } {
  const wallClock = pragueWallClock(instant);
  return { date: wallClock.slice(0, 10), time: wallClock.slice(11, 16) };
}

/** Today's date in Prague, `2026-11-26` (or the Prague day of `now`). */
export const pragueToday = (now: Instant = new Date()): string => pragueWallClock(now).slice(0, 10);

/** The hour in Prague, 0–23. */
export const pragueHour = (now: Instant = new Date()): number => Number(pragueWallClock(now).slice(11, 13));

/** Prague's wall clock at a UTC instant of whole seconds, read as if it were UTC. */
const wallClockMs = (utcMs: number) => Date.parse(`${pragueWallClock(utcMs)}Z`);

/** How far Prague is ahead of UTC at an instant of whole seconds: an hour in winter, two in summer. */
const offsetMs = (utcMs: number) => wallClockMs(utcMs) - utcMs;

/**
 * Prague wall-clock `date` and `time` (`17:30` or `17:30:05`) as a UTC instant `2026-11-24T16:30:00.000Z`.
 * A time the clocks show twice (2:00–3:00 on the last Sunday of October) is the first of them, in
 * summer time; a time they skip (2:00–3:00 on the last Sunday of March) is read in winter time, so it
 * lands an hour later in summer time (as JavaScript's Temporal does by default).
 */
export function pragueToUtc(date: string, time: string): string {
  const wall = Date.parse(`${date}T${time.padEnd(8, ':00')}Z`);
  // A day either side of a moment, Prague has the offsets from before and after any change of clocks.
  const before = wall - offsetMs(wall - DAY_MS);
  const after = wall - offsetMs(wall + DAY_MS);
  // Past the year 9999 there is no offset to read: only the candidates that are instants count.
  const shown = [before, after].filter((utc) => Number.isFinite(utc) && wallClockMs(utc) === wall);
  return new Date(shown.length > 0 ? Math.min(...shown) : before).toISOString();
}

/** A calendar day `2026-11-23` moved by `days` (whole days, whatever the clocks do). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A calendar day `months` calendar months later (or earlier), clamped to the month's last day:
 * 2027-01-31 + 1 month is 2027-02-28 (29 in a leap year).
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const [toYear, toMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const lastDay = new Date(Date.UTC(toYear, toMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(toYear, 4)}-${pad(toMonth)}-${pad(Math.min(date, lastDay))}`;
}

/** A calendar day `2026-09-01` as it is; an instant as its day in Prague. */
const dayOf = (value: Instant) =>
  typeof value === 'string' && value.length === 10 ? value : pragueToday(value);

/** `1. 9. 2026`: a calendar day `2026-09-01`, or an instant's day in Prague. */
export function czechDate(value: Instant): string {
  const [year, month, day] = dayOf(value).split('-');
  return `${Number(day)}. ${Number(month)}. ${year}`;
}

/** `úterý 1. 9. 2026`: a calendar day, or an instant's day in Prague, with its weekday. */
export function czechLongDate(value: Instant): string {
  const day = dayOf(value);
  return `${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${czechDate(day)}`;
}

/** `7:30`: an instant's time in Prague. */
export const czechTime = (instant: Instant): string => pragueParts(instant).time.replace(/^0(?=\d)/, '');

/** `26. 11. 2026 07:30`: an instant as Prague date and time. */
export function czechDateTime(instant: Instant): string {
  const { date, time } = pragueParts(instant);
  return `${czechDate(date)} ${time}`;
}
