import type { ColumnSchema, DatagridSchema, EntityRecord, FieldKind } from '@klubovna/shared';
import { VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { HoverTooltip } from '../../ui/hover-tooltip.tsx';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { FIELD_KIND_CELLS } from '../kinds/cell-registry.ts';
import { LoadedColumnFilter } from './column-filter-loader.tsx';
import { ColumnHeader } from './column-header.tsx';
import classes from './grid-table.module.css';
import type { GridColumn, GridRecord } from './grid-table.tsx';
import type { DatagridState } from './use-datagrid.ts';

const WRAPPING_KINDS: readonly FieldKind[] = ['longText', 'richText', 'relationMany', 'multiEnum'];

export type { GridRecord } from './grid-table.tsx';

/** A zone's own buttons in a row's action cell, beside edit and delete (e.g. a user's activation). */
export type ExtraRowActions = (record: GridRecord, reload: () => Promise<unknown>) => ReactNode;

/** The check box column's width: the box and the cell's left padding. */
export const CHECK_COLUMN_WIDTH = 28;

/** The row actions' column: a 28 px button each (the engine's and `extraButtons` of a zone), 4 px apart. */
export function actionsColumnWidth(schema: DatagridSchema, extraButtons: number): number {
  const buttons = schema.rowActions.length + extraButtons;
  return buttons === 0 ? 0 : buttons * 28 + (buttons - 1) * 4 + 16;
}

/** The record's edit screen (the server offers the 'edit' row action only to entities with screens). */
export const editPath = (schema: DatagridSchema, id: number) => routerPath(`${schema.routes!.edit}?id=${id}`);

/** The user's visible columns in the user's order. */
export function wantedColumns(schema: DatagridSchema, grid: DatagridState): ColumnSchema[] {
  const byKey = new Map(schema.columns.map((column) => [column.key, column]));
  return grid.settings.columns.flatMap((entry) => {
    const column = byKey.get(entry.key);
    return column && entry.visible ? [column] : [];
  });
}

export interface DatagridColumnsOptions {
  /** How a record is named in the row actions' labels: `člena Jan Čermák`. */
  describe: (record: EntityRecord) => string;
  onDelete: (record: EntityRecord) => void;
  extraActions?: ExtraRowActions;
  /** How many buttons `extraActions` shows in a row at most. */
  extraButtons: number;
  reload: () => Promise<unknown>;
  /** Visible columns the list has no room for at its width. */
  withoutRoom: ReadonlySet<string>;
}

/** The table's columns: the user's visible columns that have room, in the user's order, then the row actions. */
export function datagridColumns(
  schema: DatagridSchema,
  grid: DatagridState,
  { describe, onDelete, extraActions, extraButtons, reload, withoutRoom }: DatagridColumnsOptions,
): GridColumn[] {
  const columns: GridColumn[] = wantedColumns(schema, grid).flatMap((column) => {
    if (withoutRoom.has(column.key)) return [];
    const { Cell, numeric } = FIELD_KIND_CELLS[column.kind];
    const filter = grid.settings.filters[column.key];
    const { sort } = grid.settings;
    return [
      {
        key: column.key,
        title: (
          <ColumnHeader
            column={column}
            sorted={sort.column === column.key ? sort.direction : undefined}
            // A newly chosen column starts A–Z; clicking the sorted column again flips it.
            onSort={() =>
              grid.setSort({
                column: column.key,
                direction: sort.column === column.key && sort.direction === 'asc' ? 'desc' : 'asc',
              })
            }
            filtering={filter !== undefined}
            filter={
              column.filter
                ? (close) => (
                    <LoadedColumnFilter
                      grid={schema.name}
                      column={column}
                      value={filter}
                      onChange={(value) => grid.setFilter(column.key, value)}
                      close={close}
                    />
                  )
                : undefined
            }
          />
        ),
        align: numeric ? 'right' : 'left',
        // Short values stay on one line (cut with an ellipsis); long texts wrap within their cell.
        noWrap: !WRAPPING_KINDS.includes(column.kind),
        width: column.width,
        render: (record: GridRecord) => <Cell column={column} value={record[column.key]} record={record} />,
      },
    ];
  });
  if (schema.rowActions.length === 0 && !extraActions) return columns;
  columns.push({
    key: '__actions',
    title: <VisuallyHidden>Akce</VisuallyHidden>,
    align: 'right',
    pinned: true,
    width: actionsColumnWidth(schema, extraActions ? extraButtons : 0),
    render: (record) => (
      <div className={classes.actions}>
        {extraActions?.(record, reload)}
        {schema.rowActions.includes('edit') && (
          <HoverTooltip label="Upravit">
            <Link
              className={classes.action}
              to={editPath(schema, record.id)}
              aria-label={`Upravit ${describe(record)}`}
            >
              <IconPencil size={18} aria-hidden />
            </Link>
          </HoverTooltip>
        )}
        {schema.rowActions.includes('delete') && (
          <HoverTooltip label="Smazat">
            <button
              type="button"
              className={`${classes.action} ${classes.danger}`}
              aria-label={`Smazat ${describe(record)}`}
              onClick={() => onDelete(record)}
            >
              <IconTrash size={18} aria-hidden />
            </button>
          </HoverTooltip>
        )}
      </div>
    ),
  });
  return columns;
}
