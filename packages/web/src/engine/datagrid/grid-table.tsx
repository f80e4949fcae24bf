import { Button, Group, Loader, Menu, Pagination, Text } from '@mantine/core';
import { type MouseEvent, type ReactNode, type RefObject, useId } from 'react';
import type { CellProps } from '../kinds/kind.types.ts';
import classes from './grid-table.module.css';

export type GridRecord = CellProps['record'];

/** A column of the table: its header, how a record shows in it, and how it sits. */
export interface GridColumn {
  key: string;
  title: ReactNode;
  render: (record: GridRecord) => ReactNode;
  align?: 'left' | 'right';
  /** Short values stay on one line; long texts wrap within their cell. */
  noWrap?: boolean;
  width?: number;
  /** Stays at the right edge while the table scrolls sideways (the row actions). */
  pinned?: boolean;
}

export interface GridSelection {
  selected: GridRecord[];
  onChange: (records: GridRecord[]) => void;
  /** The checkbox's name for a record: `Vybrat člena Jan Novák`. */
  labelOf: (record: GridRecord) => string;
}

export interface GridPaging {
  page: number;
  onPage: (page: number) => void;
  /** How many records the pages hold (at least, when the total is approximate). */
  total: number;
  pageSize: number;
  pageSizes: number[];
  onPageSize: (size: number) => void;
  /** `1–25 z 130`. */
  text: string;
}

interface GridTableProps {
  /** The table's accessible name (the entity's plural). */
  label: string;
  tableRef: RefObject<HTMLTableElement | null>;
  columns: GridColumn[];
  records: GridRecord[];
  selection?: GridSelection;
  onRowClick?: (record: GridRecord) => void;
  /** A newer page is on its way: the rows shown dim under a loader. */
  fetching: boolean;
  /** What shows instead of rows when there are none. */
  empty: ReactNode;
  paging: GridPaging;
}

const PAGINATION_LABELS = {
  first: 'První stránka',
  last: 'Poslední stránka',
  previous: 'Předchozí stránka',
  next: 'Další stránka',
} as const;

/**
 * The datagrid's table: plain table elements with native checkboxes, so that a page of rows costs
 * its cells' own content (a general data-table component rendered every row twice to measure its
 * pinned column; here the column is pinned by CSS alone).
 */
export function GridTable({
  label,
  tableRef,
  columns,
  records,
  selection,
  onRowClick,
  fetching,
  empty,
  paging,
}: GridTableProps) {
  const selectedIds = new Set(selection?.selected.map((record) => record.id));
  const pageSelected = records.filter((record) => selectedIds.has(record.id)).length;
  const allSelected = records.length > 0 && pageSelected === records.length;
  const toggleAll = () => {
    if (!selection) return;
    const onPage = new Set(records.map((record) => record.id));
    selection.onChange(
      allSelected
        ? selection.selected.filter((record) => !onPage.has(record.id))
        : [...selection.selected, ...records.filter((record) => !selectedIds.has(record.id))],
    );
  };
  const toggle = (record: GridRecord) =>
    selection?.onChange(
      selectedIds.has(record.id)
        ? selection.selected.filter((chosen) => chosen.id !== record.id)
        : [...selection.selected, record],
    );
  const cellClass = (column: GridColumn) =>
    [
      column.align === 'right' ? classes.right : '',
      column.noWrap ? classes.noWrap : '',
      column.pinned ? classes.pinned : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={classes.root}>
      <div className={classes.scroller} data-grid-scroller>
        <table ref={tableRef} aria-label={label} aria-busy={fetching || undefined} className={classes.table}>
          <thead>
            <tr>
              {selection && (
                <th className={classes.check}>
                  <input
                    type="checkbox"
                    className={classes.checkbox}
                    aria-label="Vybrat všechny na stránce"
                    checked={allSelected}
                    ref={(input) => {
                      if (input) input.indeterminate = pageSelected > 0 && !allSelected;
                    }}
                    onChange={toggleAll}
                    disabled={records.length === 0}
                  />
                </th>
              )}
              {columns.map((column) => (
                <th
                  key={column.key}
                  data-accessor={column.key}
                  className={cellClass(column)}
                  style={column.width ? { width: column.width, minWidth: column.width } : undefined}
                >
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr
                key={record.id}
                className={classes.row}
                data-selected={selectedIds.has(record.id) || undefined}
                data-clickable={onRowClick ? true : undefined}
                onClick={onRowClick ? (event) => rowClicked(event) && onRowClick(record) : undefined}
              >
                {selection && (
                  <td className={classes.check}>
                    <input
                      type="checkbox"
                      className={classes.checkbox}
                      aria-label={selection.labelOf(record)}
                      checked={selectedIds.has(record.id)}
                      onChange={() => toggle(record)}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.key} className={cellClass(column)}>
                    {column.render(record)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {records.length === 0 && <div className={classes.empty}>{empty}</div>}
      </div>
      {records.length > 0 && (
        <GridFooter
          paging={{
            ...paging,
            onPage: (page) => {
              paging.onPage(page);
              // The footer's buttons sit below the rows: the new page is read from its top.
              if ((tableRef.current?.getBoundingClientRect().top ?? 0) < 0)
                tableRef.current?.scrollIntoView({ block: 'start' });
            },
          }}
        />
      )}
      {fetching && (
        <div className={classes.fetching} aria-hidden>
          <Loader type="dots" />
        </div>
      )}
    </div>
  );
}

/** A click on the row itself, not on a control in it (a checkbox, a link, a button) or around them. */
const rowClicked = (event: MouseEvent) =>
  !(event.target as Element).closest(`input, button, a, label, .${classes.check}, .${classes.actions}`);

function GridFooter({ paging }: { paging: GridPaging }) {
  const pages = Math.max(1, Math.ceil(paging.total / paging.pageSize));
  const sizeLabel = useId();
  return (
    <div className={classes.footer}>
      <Text size="sm">{paging.text}</Text>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" component="span" id={sizeLabel}>
          Záznamů na stránku
        </Text>
        <Menu position="top" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="default" aria-describedby={sizeLabel}>
              {paging.pageSize}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {paging.pageSizes.map((size) => (
              <Menu.Item
                key={size}
                onClick={() => paging.onPageSize(size)}
                fw={size === paging.pageSize ? 700 : undefined}
              >
                {size}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(paging.page, pages)}
        onChange={paging.onPage}
        withEdges
        getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
      />
    </div>
  );
}
