import type { DatagridSchema, EntityRecord } from '@klubovna/shared';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useDeferredValue, useRef, useState } from 'react';
import { useConfirmDelete } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { useNavigate } from '../../ui/routing/router.tsx';
import { deleteRecord, deleteRecords, useDatagridSchema } from '../engine-api.ts';
import { formatNumber } from '../kinds/number/number-format.ts';
import { countLabel, countObject, recordName, recordObject } from '../labels.ts';
import { useDeleteRunner } from '../use-delete-runner.ts';
import { BulkBar } from './bulk-bar.tsx';
import {
  actionsColumnWidth,
  CHECK_COLUMN_WIDTH,
  datagridColumns,
  type ExtraRowActions,
  editPath,
  type GridRecord,
  wantedColumns,
} from './datagrid-columns.tsx';
import { DatagridEmpty } from './datagrid-empty.tsx';
import { DatagridToolbar, type ListActions } from './datagrid-toolbar.tsx';
import { columnsWithoutRoom } from './fit-columns.ts';
import { GridTable } from './grid-table.tsx';
import { useBoxWidth } from './use-box-width.ts';
import { useDatagrid } from './use-datagrid.ts';
import { useSortHeaderSemantics } from './use-sort-header-semantics.ts';

export interface DataGridProps {
  /** The entity's alias. */
  name: string;
  /** A zone's own buttons in each row, before edit and delete; default none. */
  extraActions?: ExtraRowActions;
  /** How many buttons `extraActions` shows in a row at most (their column's width); default 2. */
  extraButtons?: number;
  /** A zone's own buttons for the selected rows (beside deleting them); `clear` ends the selection. */
  bulkActions?: BulkActions;
  /** A zone's own buttons beside the export, acting on the whole list as searched and filtered. */
  listActions?: ListActions;
}

export type BulkActions = (selected: GridRecord[], clear: () => void) => ReactNode;

/** A list of any declared entity, rendered from its datagrid schema. */
export function DataGrid({ name, extraActions, extraButtons = 2, bulkActions, listActions }: DataGridProps) {
  const { data: schema, error } = useDatagridSchema(name);
  if (error) return null; // The global handler has shown why.
  if (!schema) return <DatagridSkeleton />;
  return (
    <LoadedDataGrid
      schema={schema}
      extraActions={extraActions}
      extraButtons={extraButtons}
      bulkActions={bulkActions}
      listActions={listActions}
    />
  );
}

function LoadedDataGrid({
  schema,
  extraActions,
  extraButtons,
  bulkActions,
  listActions,
}: {
  schema: DatagridSchema;
  extraActions?: ExtraRowActions;
  extraButtons: number;
  bulkActions?: BulkActions;
  listActions?: ListActions;
}) {
  const grid = useDatagrid(schema);
  const navigate = useNavigate();
  const flash = useFlash();
  const runDelete = useDeleteRunner();
  const confirmDelete = useConfirmDelete();
  const [selected, setSelected] = useState<GridRecord[]>([]);
  const tableRef = useRef<HTMLTableElement>(null);
  useSortHeaderSemantics(tableRef, grid.settings.sort, sortableKeys(schema));
  const { data, isLoading, isValidating, mutate } = grid.rows;
  const describe = (record: EntityRecord) => recordObject(schema, record);

  const remove = async (ids: number[], single?: EntityRecord) => {
    await runDelete(() => (single ? deleteRecord(schema.name, single.id) : deleteRecords(schema.name, ids)));
    setSelected((current) => current.filter((record) => !ids.includes(record.id)));
    flash.show({
      message: single
        ? `Smazáno: ${recordName(schema, single)}`
        : `Smazáno: ${countLabel(schema.labels, ids.length)}.`,
    });
    // The last record of a page gone: show the page before it.
    if (data && data.items.length === ids.length && grid.page > 1) grid.setPage(grid.page - 1);
    await mutate();
  };

  // Columns the list's box has no room for give way by their priority; the chooser still lists them.
  const box = useBoxWidth();
  // The rows follow the width and the page's answer in deferred renders, which React renders in short
  // slices (the width's and SWR's updates are rendered at once, in one task, with the skeleton meanwhile).
  const rowsWidth = useDeferredValue(box.width);
  const shownData = useDeferredValue(data);
  const extra = extraActions ? extraButtons : 0;
  const fixedWidth = (schema.canDelete ? CHECK_COLUMN_WIDTH : 0) + actionsColumnWidth(schema, extra);
  const labelOf = new Map(schema.columns.map((column) => [column.key, column.label]));
  const withoutRoom = columnsWithoutRoom(wantedColumns(schema, grid), box.width ? box.width - fixedWidth : 0);
  const columns = datagridColumns(schema, grid, {
    describe,
    onDelete: (record) => void confirmDelete(describe(record), () => remove([record.id], record)),
    extraActions,
    extraButtons: extra,
    reload: () => mutate(),
    withoutRoom: new Set(withoutRoom),
  });

  if (!grid.loaded) return <DatagridSkeleton />;
  const total = data?.total ?? 0;
  // An approximate total is a lower bound: past it, a full page means there may be another.
  const approximate = data?.totalApproximate === true;
  const pageRecords = data ? (grid.page - 1) * grid.settings.pageSize + data.items.length : 0;
  const knownRecords = approximate
    ? Math.max(total, pageRecords + (data?.items.length === grid.settings.pageSize ? 1 : 0))
    : total;
  const filtered = grid.search !== '' || Object.keys(grid.settings.filters).length > 0;

  return (
    <Stack gap="sm">
      <DatagridToolbar schema={schema} grid={grid} withoutRoom={withoutRoom} listActions={listActions} />
      {selected.length > 0 && (
        <BulkBar
          count={selected.length}
          labels={schema.labels}
          canDelete={schema.canDelete}
          onClear={() => setSelected([])}
          onDelete={() =>
            void confirmDelete(countObject(schema.labels, selected.length), () =>
              remove(selected.map((record) => record.id)),
            )
          }
        >
          {bulkActions?.(selected, () => setSelected([]))}
        </BulkBar>
      )}
      <Group justify="space-between" gap="xs" mih={22}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {data
            ? `${filtered ? 'Nalezeno' : 'Celkem'} ${approximate ? 'přes ' : ''}${countLabel(schema.labels, total, formatNumber)}`
            : ' '}
        </Text>
        {withoutRoom.length > 0 && (
          <Text size="sm" c="dimmed">
            Pro šířku okna skryto: {withoutRoom.map((key) => labelOf.get(key)).join(', ')}
          </Text>
        )}
      </Group>
      <Paper ref={box.ref} withBorder radius="md" style={{ overflow: 'hidden' }}>
        {/* The rows render once the box's width is known: rendered before it, with every column, they
            were rendered again at once without those that have no room. */}
        {(isLoading && !data) || (data && !shownData) || rowsWidth === null ? (
          <DatagridSkeleton rows={Math.min(grid.settings.pageSize, 10)} bare />
        ) : (
          <GridTable
            label={schema.labels.plural}
            tableRef={tableRef}
            columns={columns}
            records={shownData?.items ?? []}
            fetching={isValidating && !isLoading}
            selection={
              schema.canDelete
                ? { selected, onChange: setSelected, labelOf: (record) => `Vybrat ${describe(record)}` }
                : undefined
            }
            onRowClick={
              schema.rowActions.includes('edit')
                ? (record) => void navigate(editPath(schema, record.id))
                : undefined
            }
            empty={<DatagridEmpty schema={schema} filtered={filtered} onClear={grid.clearSearchAndFilters} />}
            paging={{
              page: grid.page,
              onPage: grid.setPage,
              total: knownRecords,
              pageSize: grid.settings.pageSize,
              pageSizes: schema.pageSizes,
              onPageSize: grid.setPageSize,
              text: pagingText(
                grid.page,
                grid.settings.pageSize,
                data?.items.length ?? 0,
                total,
                approximate,
              ),
            }}
          />
        )}
      </Paper>
    </Stack>
  );
}

const sortableKeys = (schema: DatagridSchema) =>
  new Set(schema.columns.filter((column) => column.sortable).map((column) => column.key));

/** `1–25 z 130`, or `1–25 z více než 1 000` when the total is a lower bound. */
function pagingText(page: number, pageSize: number, shown: number, total: number, approximate: boolean) {
  const from = (page - 1) * pageSize + 1;
  const to = from + shown - 1;
  return approximate
    ? `${formatNumber(from)}–${formatNumber(to)} z více než ${formatNumber(Math.max(total, to))}`
    : `${formatNumber(from)}–${formatNumber(to)} z ${formatNumber(total)}`;
}

export function DatagridSkeleton({ rows = 8, bare = false }: { rows?: number; bare?: boolean }) {
  const lines = (
    <Stack gap="xs" p={bare ? 'md' : 0} role="status" aria-busy="true" aria-label="Načítání záznamů">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h={28} radius="sm" />
      ))}
    </Stack>
  );
  if (bare) return lines;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Skeleton h={36} w={280} radius="sm" />
        <Skeleton h={36} w={110} radius="sm" ml="auto" />
      </Group>
      {lines}
    </Stack>
  );
}
