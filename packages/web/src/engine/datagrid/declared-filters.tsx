import type { DatagridSchema } from '@klubovna/shared';
import { Select } from '@mantine/core';
import type { DatagridState } from './use-datagrid.ts';

/**
 * The list's declared filters (a check's validity, a member's medical check), each a choice of its
 * options beside the search; the chosen one shows and clears as a column filter does.
 */
export function DeclaredFilters({ schema, grid }: { schema: DatagridSchema; grid: DatagridState }) {
  return (schema.filters ?? []).map((filter) => {
    const chosen = grid.settings.filters[filter.name];
    const value = chosen?.type === 'values' ? (chosen.values[0] ?? null) : null;
    return (
      <Select
        key={filter.name}
        aria-label={filter.label}
        placeholder={`${filter.label}: vše`}
        data={filter.options}
        value={value}
        clearable
        w={{ base: '100%', xs: 220 }}
        onChange={(next) =>
          grid.setFilter(filter.name, next ? { type: 'values', values: [next] } : undefined)
        }
      />
    );
  });
}
