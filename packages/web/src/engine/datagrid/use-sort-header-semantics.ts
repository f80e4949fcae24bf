import { type RefObject, useLayoutEffect } from 'react';

/**
 * Tells screen readers which column sorts the table and how: `aria-sort` on the sortable header
 * cells (a column header may carry it; the sort button inside the cell may not).
 */
export function useSortHeaderSemantics(
  table: RefObject<HTMLTableElement | null>,
  sort: { column: string; direction: 'asc' | 'desc' },
  sortable: ReadonlySet<string>,
): void {
  useLayoutEffect(() => {
    const headers = table.current?.querySelectorAll<HTMLElement>('thead th[data-accessor]') ?? [];
    for (const header of headers) {
      const key = header.dataset.accessor ?? '';
      if (!sortable.has(key)) continue;
      const sorted = key === sort.column;
      header.setAttribute(
        'aria-sort',
        sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none',
      );
    }
  });
}
