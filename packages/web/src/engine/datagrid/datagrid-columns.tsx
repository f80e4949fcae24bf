import type { DatagridSchema, EntityRecord, FieldKind } from '@klubovna/shared';
import { VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HoverTooltip } from '../../ui/hover-tooltip.tsx';
import { routerPath } from '../../ui/navigation/app-path.ts';
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

/** The record's edit screen (the server offers the 'edit' row action only to entities with screens). */
export const editPath = (schema: DatagridSchema, id: number) => routerPath(`${schema.routes!.edit}?id=${id}`);

/** The table's columns: the user's visible columns in the user's order, then the row actions. */
export function datagridColumns(
  schema: DatagridSchema,
  grid: DatagridState,
  describe: (record: EntityRecord) => string,
  onDelete: (record: EntityRecord) => void,
  extraActions?: ExtraRowActions,
  reload: () => Promise<unknown> = async () => {},
): GridColumn[] {
  const byKey = new Map(schema.columns.map((column) => [column.key, column]));
  const columns: GridColumn[] = grid.settings.columns.flatMap((entry) => {
    const column = byKey.get(entry.key);
    if (!column || !entry.visible) return [];
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
        // Short values stay on one line; long texts wrap within their cell.
        noWrap: !WRAPPING_KINDS.includes(column.kind),
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
    width: extraActions ? 168 : 96,
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
