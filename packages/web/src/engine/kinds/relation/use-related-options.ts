import type { AutocompleteOption } from '@klubovna/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { searchRelated } from '../../engine-api.ts';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Options of a relation picker: what the server finds for the typed text (Czech-insensitive, the
 * server decides), always including the records already chosen so their labels stay visible.
 */
export function useRelatedOptions(alias: string | undefined, search: string, chosen: SelectOption[]) {
  const [debounced] = useDebouncedValue(search, 250);
  const [found, setFound] = useState<AutocompleteOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!alias) return;
    let current = true;
    setLoading(true);
    searchRelated(alias, debounced)
      .then((options) => current && setFound(options))
      .catch(() => current && setFound([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [alias, debounced]);

  const options = useMemo(() => {
    const merged = new Map(chosen.map((option) => [option.value, option]));
    for (const option of found) {
      const value = String(option.value);
      if (!merged.has(value)) merged.set(value, { value, label: option.label });
    }
    return [...merged.values()];
  }, [found, chosen]);

  return { options, loading };
}
