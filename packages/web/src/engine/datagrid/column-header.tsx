import type { ColumnSchema } from '@klubovna/shared';
import { ActionIcon, Group, Popover, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconFilter,
  IconFilterFilled,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { loadColumnFilter } from './column-filter-loader.tsx';
import classes from './column-header.module.css';

export interface ColumnHeaderProps {
  column: ColumnSchema;
  /** This column's sort direction when the list is sorted by it. */
  sorted: 'asc' | 'desc' | undefined;
  onSort: () => void;
  filtering: boolean;
  /** The filter form of the column, if it has one. */
  filter?: (close: () => void) => ReactNode;
}

/**
 * A column header: its title as the sort button (when sortable) and, beside it, the filter button
 * with its pop-over. Two sibling buttons in a plain header cell, never one control inside another;
 * the header cell itself tells the sort order (`aria-sort`, see useSortHeaderSemantics).
 */
export function ColumnHeader({ column, sorted, onSort, filtering, filter }: ColumnHeaderProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const prepare = () => void loadColumnFilter().catch(() => {});
  // The filter form's code is awaited before the pop-over opens (it is usually in by then: pointing at
  // or focusing the button fetched it).
  const toggle = () => (opened ? close() : void loadColumnFilter().then(open, () => {}));
  const SortIcon =
    sorted === 'asc' ? IconSortAscending : sorted === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <Group gap={4} wrap="wrap" className={classes.header}>
      {column.sortable ? (
        <UnstyledButton className={classes.sort} onClick={onSort} data-sorted={sorted ?? undefined}>
          <span className={classes.title}>{column.label}</span>
          <SortIcon size={14} aria-hidden className={classes.sortIcon} />
        </UnstyledButton>
      ) : (
        <span className={classes.title}>{column.label}</span>
      )}
      {filter && (
        <Popover opened={opened} onChange={(next) => !next && close()} withArrow shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon
              // 24 px: the smallest touch target WCAG allows beside other controls.
              size={24}
              variant={filtering ? 'light' : 'subtle'}
              color={filtering ? undefined : 'gray'}
              aria-label={`Filtr: ${column.label}${filtering ? ' (použit)' : ''}`}
              aria-expanded={opened}
              onClick={toggle}
              onPointerEnter={prepare}
              onFocus={prepare}
            >
              {filtering ? <IconFilterFilled size={14} /> : <IconFilter size={14} />}
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-label={`Filtr: ${column.label}`}>{filter(close)}</Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
