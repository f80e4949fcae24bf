import {
  type DatagridSchema,
  type DatagridSettings,
  datagridParams,
  defaultSettings,
  type FilterValue,
  filtersFromAddress,
  parseSettings,
  settingsName,
  viewFromAddress,
} from '@klubovna/shared';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUserConfig } from '../../api/user-config.ts';
import { useSearchParams } from '../../ui/routing/router.tsx';
import { useDatagridPage } from '../engine-api.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The state of one datagrid: the user's remembered settings (page size, sort, columns, filters) and
 * the page and search text, which live in the address so Back and shared links land on the same view.
 */
export function useDatagrid(schema: DatagridSchema) {
  const defaults = useMemo(() => defaultSettings(schema), [schema]);
  const parse = useCallback((stored: unknown) => parseSettings(schema, stored), [schema]);
  const config = useUserConfig<DatagridSettings>(settingsName(schema.name), defaults, parse);
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, search } = viewFromAddress(searchParams);
  // Filters a link names (a home screen tile's) replace the stored ones, and are stored in their turn.
  const addressFilters = useMemo(() => filtersFromAddress(schema, searchParams), [schema, searchParams]);
  const settings = useMemo(
    () => (addressFilters ? { ...config.value, filters: addressFilters } : config.value),
    [config.value, addressFilters],
  );
  useAddressFiltersStored(addressFilters, config, setSearchParams);
  const [searchText, setSearchText] = useState(search);

  const setView = useCallback(
    (next: { page?: number; search?: string }) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const set = (key: string, value: string | undefined) =>
            value ? params.set(key, value) : params.delete(key);
          if (next.search !== undefined) set('s', next.search.trim());
          if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : undefined);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const commitSearch = useDebouncedCallback(
    (text: string) => setView({ search: text, page: 1 }),
    SEARCH_DEBOUNCE_MS,
  );

  const params = useMemo(() => datagridParams(settings, { page, search }), [settings, page, search]);
  const rows = useDatagridPage(schema.name, config.loaded ? params : null);

  const update = useCallback(
    (change: Partial<DatagridSettings>, resetPage = true) => {
      void config.save({ ...settings, ...change });
      // One address change per user action: one history entry update and one render.
      if (resetPage && page !== 1) setView({ page: 1 });
    },
    [config, settings, setView, page],
  );

  return {
    settings,
    loaded: config.loaded,
    page,
    search,
    searchText,
    params,
    rows,
    setSearchText: (text: string) => {
      setSearchText(text);
      commitSearch(text);
    },
    clearSearch: () => {
      setSearchText('');
      setView({ search: '', page: 1 });
    },
    setPage: (next: number) => setView({ page: next }),
    setPageSize: (pageSize: number) => update({ pageSize }),
    setSort: (sort: DatagridSettings['sort']) => update({ sort }),
    setColumns: (columns: DatagridSettings['columns']) => update({ columns }, false),
    setFilter: (key: string, filter: FilterValue | undefined) => {
      const filters = { ...settings.filters };
      if (filter) filters[key] = filter;
      else delete filters[key];
      update({ filters });
    },
    clearFilters: () => update({ filters: {} }),
    /** Back to everything: no search text, no filters, first page. */
    clearSearchAndFilters: () => {
      setSearchText('');
      setView({ search: '', page: 1 });
      if (Object.keys(settings.filters).length > 0) update({ filters: {} }, false);
    },
    reset: () => {
      void config.reset();
      setView({ page: 1 });
    },
  };
}

export type DatagridState = ReturnType<typeof useDatagrid>;

/** Once the settings have loaded, stores the address's filters as the list's and takes them out of it. */
function useAddressFiltersStored(
  filters: Record<string, FilterValue> | undefined,
  config: ReturnType<typeof useUserConfig<DatagridSettings>>,
  setSearchParams: ReturnType<typeof useSearchParams>[1],
) {
  useEffect(() => {
    if (!filters || !config.loaded) return;
    void config.save({ ...config.value, filters });
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const key of [...params.keys()]) if (key.startsWith('filter[')) params.delete(key);
        return params;
      },
      { replace: true },
    );
  }, [filters, config, setSearchParams]);
}
