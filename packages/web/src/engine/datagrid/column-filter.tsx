import {
  type AutocompleteOption,
  type ColumnSchema,
  type FilterValue,
  NO_RECORD_FILTER,
} from '@klubovna/shared';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { columnValues, searchRelated } from '../engine-api.ts';
import { CzechDateInput } from '../kinds/date/czech-date-input.tsx';
import { CZECH_NUMBER_INPUT } from '../kinds/number/number-format.ts';

export interface ColumnFilterProps {
  grid: string;
  column: ColumnSchema;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
  close: () => void;
}

/** The filter of one column, by its filter kind; shown in the column header's pop-over. */
export function ColumnFilter(props: ColumnFilterProps) {
  const { column, onChange, close } = props;
  return (
    <Stack gap="sm" w={280}>
      <FilterInput {...props} />
      <Group justify="space-between">
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            onChange(undefined);
            close();
          }}
        >
          Zrušit filtr
        </Button>
        <Button size="xs" onClick={close} aria-label={`Hotovo – filtr ${column.label}`}>
          Hotovo
        </Button>
      </Group>
    </Stack>
  );
}

function FilterInput({ grid, column, value, onChange }: ColumnFilterProps) {
  switch (column.filter) {
    case 'enum':
      return (
        <OptionChecks
          label={column.label}
          options={column.options ?? []}
          chosen={value?.type === 'values' ? value.values : []}
          onChange={(values) => onChange(values.length ? { type: 'values', values } : undefined)}
        />
      );
    case 'boolean':
      return (
        <SegmentedControl
          fullWidth
          aria-label={column.label}
          data={[
            { value: 'all', label: 'Vše' },
            { value: 'true', label: 'Ano' },
            { value: 'false', label: 'Ne' },
          ]}
          value={value?.type === 'boolean' ? String(value.value) : 'all'}
          onChange={(next) =>
            onChange(next === 'all' ? undefined : { type: 'boolean', value: next === 'true' })
          }
        />
      );
    case 'dateRange':
      return <DateRangeFilter column={column} value={value} onChange={onChange} />;
    case 'numberRange':
      return <NumberRangeFilter column={column} value={value} onChange={onChange} />;
    case 'relation':
    case 'text':
      return <ValuesFilter grid={grid} column={column} value={value} onChange={onChange} />;
    default:
      return null;
  }
}

type RangeProps = Pick<ColumnFilterProps, 'column' | 'value' | 'onChange'>;

function rangeOf(value: FilterValue | undefined) {
  return value?.type === 'range' ? value : { type: 'range' as const };
}

function setBound(value: FilterValue | undefined, bound: 'from' | 'to', next: string | number | undefined) {
  const range = { ...rangeOf(value), [bound]: next };
  return range.from === undefined && range.to === undefined ? undefined : range;
}

function DateRangeFilter({ column, value, onChange }: RangeProps) {
  const range = rangeOf(value);
  const input = (bound: 'from' | 'to', label: string) => (
    <CzechDateInput
      label={label}
      clearable
      popoverProps={{ withinPortal: false }}
      value={typeof range[bound] === 'string' ? (range[bound] as string) : null}
      onChange={(date) => onChange(setBound(value, bound, date ?? undefined))}
    />
  );
  return (
    <Stack gap="xs" aria-label={column.label} role="group">
      {input('from', `${column.label} od`)}
      {input('to', `${column.label} do`)}
    </Stack>
  );
}

function NumberRangeFilter({ column, value, onChange }: RangeProps) {
  const range = rangeOf(value);
  const input = (bound: 'from' | 'to', label: string) => (
    <NumberInput
      label={label}
      {...CZECH_NUMBER_INPUT}
      value={range[bound] ?? ''}
      onChange={(number) => onChange(setBound(value, bound, typeof number === 'number' ? number : undefined))}
    />
  );
  return (
    <Group grow gap="xs" aria-label={column.label} role="group">
      {input('from', 'Od')}
      {input('to', 'Do')}
    </Group>
  );
}

/** The choice of a relation's filter for the rows pointing at none. */
const EMPTY_RELATION_LABEL = 'Nevyplněno';

/** Values to pick for a text column (its distinct values) or a relation (the related records). */
function ValuesFilter({
  grid,
  column,
  value,
  onChange,
}: Pick<ColumnFilterProps, 'grid' | 'column' | 'value' | 'onChange'>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [found, setFound] = useState<AutocompleteOption[]>([]);
  const chosen = value?.type === 'values' ? value : { type: 'values' as const, values: [], labels: [] };

  useEffect(() => {
    let current = true;
    const request =
      column.filter === 'relation' && column.relationAlias
        ? searchRelated(column.relationAlias, debounced, { field: `${grid}.${column.key}` })
        : columnValues(grid, column.key, debounced);
    request.then((options) => current && setFound(options)).catch(() => current && setFound([]));
    return () => {
      current = false;
    };
  }, [grid, column, debounced]);

  const labels = new Map<string, string>(
    column.emptyFilter && !search ? [[NO_RECORD_FILTER, EMPTY_RELATION_LABEL]] : [],
  );
  for (const [index, item] of chosen.values.entries()) labels.set(item, chosen.labels?.[index] ?? item);
  for (const option of found) labels.set(String(option.value), option.label);
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={`Hledat: ${column.label}`}
        placeholder="Hledat hodnotu…"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <OptionChecks
        label={column.label}
        options={[...labels].map(([item, label]) => ({ value: item, label }))}
        chosen={chosen.values}
        onChange={(values) =>
          onChange(
            values.length
              ? { type: 'values', values, labels: values.map((item) => labels.get(item) ?? item) }
              : undefined,
          )
        }
      />
    </Stack>
  );
}

/**
 * The values to filter by as a list of check boxes in the pop-over itself: no drop-down opens over
 * the pop-over's own buttons, and a long list scrolls within 240 px.
 */
function OptionChecks({
  label,
  options,
  chosen,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  chosen: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <Checkbox.Group label={label} value={chosen} onChange={onChange}>
      {options.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          Nic neodpovídá
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto" mt={6}>
          <Stack gap={8}>
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Checkbox.Group>
  );
}
