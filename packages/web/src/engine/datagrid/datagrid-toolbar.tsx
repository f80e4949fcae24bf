import { type DatagridSchema, filterColumns, serializeQuery } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { Button, CloseButton, Group, Pill, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ColumnChooser } from './column-chooser.tsx';
import { DeclaredFilters } from './declared-filters.tsx';
import { ExportMenu } from './export-menu.tsx';
import { describeFilter } from './filter-description.ts';
import type { DatagridState } from './use-datagrid.ts';

/**
 * A zone's buttons acting on the whole list as searched and filtered: `query` is the list's query
 * without its page (`s=…&filter[group]=3`), `narrowed` whether a search or filter applies.
 */
export type ListActions = (list: { query: string; narrowed: boolean }) => ReactNode;

const formatFilterDate = (iso: string) => czechDate(iso.slice(0, 10));

/** Search, active filters, columns and export above a datagrid. */
export function DatagridToolbar({
  schema,
  grid,
  withoutRoom,
  listActions,
}: {
  schema: DatagridSchema;
  grid: DatagridState;
  /** Visible columns the list has no room for at its width. */
  withoutRoom: readonly string[];
  listActions?: ListActions;
}) {
  const byKey = new Map(filterColumns(schema).map((column) => [column.key, column]));
  const filters = Object.entries(grid.settings.filters).flatMap(([key, filter]) => {
    const column = byKey.get(key);
    return column ? [{ key, text: describeFilter(column, filter, formatFilterDate) }] : [];
  });
  return (
    <Stack>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          {schema.searchable ? (
            <TextInput
              type="search"
              aria-label={`Hledat: ${schema.labels.plural}`}
              placeholder="Hledat…"
              leftSection={<IconSearch size={16} />}
              rightSection={
                grid.searchText ? (
                  <CloseButton size="sm" aria-label="Vymazat hledání" onClick={grid.clearSearch} />
                ) : undefined
              }
              value={grid.searchText}
              onChange={(event) => grid.setSearchText(event.currentTarget.value)}
              w={{ base: '100%', xs: 320 }}
            />
          ) : (
            <span />
          )}
          <DeclaredFilters schema={schema} grid={grid} />
        </Group>
        <Group gap="xs">
          <ColumnChooser
            columns={schema.columns}
            settings={grid.settings.columns}
            withoutRoom={withoutRoom}
            onChange={grid.setColumns}
            onReset={grid.reset}
          />
          {listActions?.(listOf(grid))}
          <ExportMenu grid={schema.name} params={grid.params} />
        </Group>
      </Group>
      {filters.length > 0 && (
        <Group gap="xs">
          {/* A list holds only its items: the button that clears them all stands beside it. */}
          <Group gap="xs" aria-label="Použité filtry" role="list">
            {filters.map((filter) => (
              <Pill
                key={filter.key}
                role="listitem"
                size="md"
                withRemoveButton
                removeButtonProps={{ 'aria-label': `Zrušit filtr ${filter.text}` }}
                onRemove={() => grid.setFilter(filter.key, undefined)}
              >
                {filter.text}
              </Pill>
            ))}
          </Group>
          <Button variant="subtle" size="compact-xs" onClick={grid.clearFilters}>
            Zrušit všechny filtry
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The list's query without its page, and whether it is narrowed at all. */
function listOf(grid: DatagridState) {
  const { page: _page, limit: _limit, ...query } = grid.params;
  return {
    query: serializeQuery(query).replace(/^\?/, ''),
    narrowed: grid.search !== '' || Object.keys(grid.settings.filters).length > 0,
  };
}
