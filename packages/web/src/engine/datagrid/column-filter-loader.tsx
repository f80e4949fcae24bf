import type { ColumnFilterProps } from './column-filter.tsx';

type ColumnFilterModule = typeof import('./column-filter.tsx');

let loaded: ColumnFilterModule | undefined;
let loading: Promise<ColumnFilterModule> | undefined;

/**
 * The filter forms (date and number inputs, multi-selects) are a chunk of their own, fetched when a
 * filter button is pointed at or focused and awaited before its pop-over opens: a list paints without
 * them.
 */
export function loadColumnFilter(): Promise<ColumnFilterModule> {
  loading ??= import('./column-filter.tsx').then((module) => {
    loaded = module;
    return module;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The column's filter form once its chunk is in (the header opens the pop-over only then). */
export function LoadedColumnFilter(props: ColumnFilterProps) {
  if (!loaded) return null;
  const { ColumnFilter } = loaded;
  return <ColumnFilter {...props} />;
}
