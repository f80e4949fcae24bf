import { API_PATHS, type AutocompleteOption, apiPath } from '@klubovna/shared';
import { addDays } from '@klubovna/shared/time/prague';
import useSWR from 'swr';
import { useSearchParams } from '../../ui/routing/router.tsx';

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

/** The address's query, and a change of some of its values (null removes one) that replaces the history entry. */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const change = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return [params, change] as const;
}

/** The Monday of the week a calendar day is in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  return addDays(day, 1 - weekday);
}

export const WEEKDAYS = ['Pondělí', 'Úterý', 'Středa', 'Čtvrtek', 'Pátek', 'Sobota', 'Neděle'] as const;
