const PRAGUE_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Prague wall-clock date `2026-11-24` and time `17:30`. */
export function pragueParts(instant: string | Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    PRAGUE_PARTS.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Minutes Prague is ahead of UTC at the given instant (60 in winter, 120 in summer). */
function pragueOffsetMinutes(utcMs: number): number {
  const { date, time } = pragueParts(new Date(utcMs));
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return Math.round((asUtc - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/** Prague wall-clock `date` + `time` as a UTC ISO instant (the offset of that very day, summer time included). */
export function pragueToUtc(date: string, time: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let utc = wall - pragueOffsetMinutes(wall) * 60_000;
  utc = wall - pragueOffsetMinutes(utc) * 60_000;
  return new Date(utc).toISOString();
}
