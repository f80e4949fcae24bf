import type { AutocompleteOption } from '@klubovna/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { searchRelated } from '../../engine-api.ts';

export interface SelectOption {
  value: string;
  label: string;
  /** What tells it apart from options of the same label ("2012 · Závodník · Žáci"). */
  detail?: string;
}

/**
 * Options of a relation picker: what the server finds for the typed text (Czech-insensitive, the
 * server decides), always including the records already chosen so their labels stay visible.
 * `field` (`group.trainers`) names the relation the picker fills: only what it accepts is offered.
 */
export function useRelatedOptions(
  alias: string | undefined,
  search: string,
  chosen: SelectOption[],
  field?: string,
) {
  const [debounced] = useDebouncedValue(search, 250);
  const [found, setFound] = useState<AutocompleteOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!alias) return;
    let current = true;
    setLoading(true);
    searchRelated(alias, debounced, { field })
      .then((options) => current && setFound(options))
      .catch(() => current && setFound([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [alias, debounced, field]);

  const options = useMemo(() => {
    const merged = new Map(chosen.map((option) => [option.value, option]));
    for (const option of found) {
      const value = String(option.value);
      const known = merged.get(value);
      merged.set(value, { ...known, value, label: known?.label ?? option.label, detail: option.detail });
    }
    return [...merged.values()];
  }, [found, chosen]);

  return { options, loading };
}
