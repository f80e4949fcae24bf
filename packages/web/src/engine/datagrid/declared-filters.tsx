import { type DatagridSchema, type DeclaredFilterSchema, entityRoutes } from '@klubovna/shared';
import { Loader, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DROPDOWN_ON_OPEN } from '../../ui/form/dropdown-on-open.ts';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { useNavigate } from '../../ui/routing/router.tsx';
import { renderPickerOption } from '../kinds/relation/picker-option.tsx';
import { keepAll } from '../kinds/relation/relation.widget.tsx';
import { type SelectOption, useRelatedOptions } from '../kinds/relation/use-related-options.ts';
import type { DatagridState } from './use-datagrid.ts';

const WIDTH = { base: '100%', xs: 220 } as const;

/**
 * The list's declared filters (a check's validity, a member's medical check, a payment's member's
 * group), each a choice beside the search; the chosen one shows and clears as a column filter does.
 */
export function DeclaredFilters({ schema, grid }: { schema: DatagridSchema; grid: DatagridState }) {
  return (schema.filters ?? []).map((filter) =>
    filter.relationAlias ? (
      <RelationFilter key={filter.name} filter={filter} alias={filter.relationAlias} grid={grid} />
    ) : (
      <ChoiceFilter key={filter.name} filter={filter} grid={grid} />
    ),
  );
}

/** The value a choice left to another list has among the filter's own (which are the list's values). */
const ELSEWHERE = 'elsewhere:';

/**
 * A filter of fixed values. Choices another list answers (athletes with no check at all) come after
 * the filter's own, and open that list with its filter set.
 */
function ChoiceFilter({ filter, grid }: { filter: DeclaredFilterSchema; grid: DatagridState }) {
  const navigate = useNavigate();
  const elsewhere = filter.elsewhere ?? [];
  const data = [
    ...filter.options,
    ...elsewhere.map((choice, index) => ({ value: `${ELSEWHERE}${index}`, label: choice.label })),
  ];
  return (
    <Select
      aria-label={filter.label}
      placeholder={`${filter.label}: vše`}
      data={data}
      value={chosenOf(grid, filter)?.value ?? null}
      clearable
      w={WIDTH}
      comboboxProps={DROPDOWN_ON_OPEN}
      onChange={(next) => {
        const choice = next?.startsWith(ELSEWHERE)
          ? elsewhere[Number(next.slice(ELSEWHERE.length))]
          : undefined;
        const list = choice && entityRoutes(choice.alias)?.list;
        if (choice && list) {
          void navigate(
            routerPath(`${list}?${new URLSearchParams({ [`filter[${choice.filter}]`]: choice.value })}`),
          );
          return;
        }
        grid.setFilter(filter.name, next ? { type: 'values', values: [next] } : undefined);
      }}
    />
  );
}

/** The filter's chosen value with the label it was chosen by. */
function chosenOf(grid: DatagridState, filter: DeclaredFilterSchema): SelectOption | undefined {
  const chosen = grid.settings.filters[filter.name];
  const value = chosen?.type === 'values' ? chosen.values[0] : undefined;
  if (chosen?.type !== 'values' || value === undefined) return undefined;
  return { value, label: chosen.labels?.[0] ?? `#${value}` };
}

/** A filter whose values are records (a group): typed text searches them on the server. */
function RelationFilter({
  filter,
  alias,
  grid,
}: {
  filter: DeclaredFilterSchema;
  alias: string;
  grid: DatagridState;
}) {
  const [search, setSearch] = useState('');
  const picked = chosenOf(grid, filter);
  const [value, label] = [picked?.value, picked?.label];
  const chosen = useMemo(() => (value && label ? [{ value, label }] : []), [value, label]);
  const found = useRelatedOptions(alias, search, chosen);
  return (
    <Select
      aria-label={filter.label}
      placeholder={`${filter.label}: vše`}
      searchable
      clearable
      data={found.options}
      renderOption={renderPickerOption(found.options)}
      filter={keepAll}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.loading ? 'Hledám…' : 'Nic neodpovídá'}
      rightSection={found.loading ? <Loader size="xs" /> : undefined}
      value={value ?? null}
      w={WIDTH}
      comboboxProps={DROPDOWN_ON_OPEN}
      onChange={(next, option) =>
        grid.setFilter(
          filter.name,
          next ? { type: 'values', values: [next], labels: [option?.label ?? next] } : undefined,
        )
      }
    />
  );
}
