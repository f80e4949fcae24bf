/** Czech input `22. 11. 2026`, `22.11.2026` or ISO `2026-11-22` → `2026-11-22`; null when not a date. */
export function parseCzechDate(input: string): string | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const czech = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : czech ? [czech[3], czech[2], czech[1]] : undefined;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const PRAGUE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const PRAGUE_DATE_TIME = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: 'Europe/Prague',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Today's date in Prague, `2026-11-26`: the club's "today" whichever clock's zone asks. */
export const pragueToday = (now: Date = new Date()): string => PRAGUE_DAY.format(now);

/** An ISO date `2026-09-01` written the Czech way: `1. 9. 2026`. */
export function czechDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${Number(day)}. ${Number(month)}. ${year}`;
}

/** An ISO instant as Prague time written the Czech way: `26. 11. 2026 17:30`. */
export const czechDateTime = (iso: string): string => PRAGUE_DATE_TIME.format(new Date(iso));
