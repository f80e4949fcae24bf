import { API_PATHS, type AutocompleteOption, apiPath } from '@klubovna/shared';
import useSWR from 'swr';
import { formatTime } from '../../ui/format/date-format.ts';

export const action = (alias: string, name: string) => apiPath(API_PATHS.action, { alias, action: name });
export const recordAction = (alias: string, id: number, name: string) =>
  apiPath(API_PATHS.recordAction, { alias, id, action: name });

/** Every group to choose from, by name. */
export function useGroupOptions() {
  return useSWR<AutocompleteOption[]>([
    apiPath(API_PATHS.autocomplete, { alias: 'group' }),
    { s: '', limit: 50 },
  ]);
}

const PRAGUE_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Prague' });

/** The Prague calendar day `2026-11-23` of an instant. */
export const pragueDay = (instant: string | Date) => PRAGUE_DAY.format(new Date(instant));
/** The Prague time `17:30` of an instant. */
export const pragueTime = formatTime;

/** A calendar day moved by `days`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week a calendar day is in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  return addDays(day, 1 - weekday);
}

/** `23. 11. 2026` of a calendar day, without time-zone arithmetic. */
export function czechDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)}. ${Number(month)}. ${year}`;
}

export const WEEKDAYS = ['Pondělí', 'Úterý', 'Středa', 'Čtvrtek', 'Pátek', 'Sobota', 'Neděle'] as const;
