import { pragueToUtc, pragueWallClock } from '@klubovna/shared/time/prague';

/** An API date-time (ISO 8601 with offset) as Mantine's date-time picker holds it: Prague wall clock `2026-11-22 18:30:00`. */
export function toPickerDateTime(value: string | null): string | null {
  return value ? pragueWallClock(value).replace('T', ' ') : null;
}

/** The picker's Prague wall-clock string as the API's ISO 8601 date-time (in UTC, as the server stores it). */
export function fromPickerDateTime(value: string | null): string | null {
  return value ? pragueToUtc(value.slice(0, 10), value.slice(11, 19)) : null;
}

export { parseCzechDate } from '@klubovna/shared/validation/czech-date';
