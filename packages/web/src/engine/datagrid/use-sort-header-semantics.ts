import { type RefObject, useLayoutEffect } from 'react';

const ICON_LABELS: Record<string, string> = {
  'Not sorted': 'Neseřazeno',
  'Sorted ascending': 'Seřazeno vzestupně',
  'Sorted descending': 'Seřazeno sestupně',
};

/**
 * mantine-datatable renders sortable headers as buttons with English icon labels. This tells
 * screen readers which column sorts the table and how (`aria-sort`), in Czech.
 */
export function useSortHeaderSemantics(
  table: RefObject<HTMLTableElement | null>,
  sort: { column: string; direction: 'asc' | 'desc' },
): void {
  useLayoutEffect(() => {
    const headers = table.current?.querySelectorAll<HTMLElement>('thead th[data-accessor]') ?? [];
    for (const header of headers) {
      const sorted = header.dataset.accessor === sort.column;
      if (header.classList.contains('mantine-datatable-header-cell-sortable')) {
        header.setAttribute(
          'aria-sort',
          sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none',
        );
      }
      for (const icon of header.querySelectorAll('[role="img"][aria-label]')) {
        const czech = ICON_LABELS[icon.getAttribute('aria-label') ?? ''];
        if (czech) icon.setAttribute('aria-label', czech);
      }
    }
  });
}
