import { Loader, MultiSelect, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DROPDOWN_ON_OPEN } from '../../../ui/form/dropdown-on-open.ts';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';
import { renderPickerOption } from './picker-option.tsx';
import { type SelectOption, useRelatedOptions } from './use-related-options.ts';

/** The server already matched the text; Mantine must not filter the options again. */
export const keepAll = ({ options }: { options: unknown[] }) => options as never;

/** What both pickers share: server-side search, Czech texts, a loader while searching. */
function pickerProps<V>(
  props: WidgetProps<V>,
  search: { text: string; set: (text: string) => void },
  found: { options: SelectOption[]; loading: boolean },
) {
  return {
    ...inputProps(props),
    searchable: true,
    placeholder: props.field.placeholder ?? 'Začněte psát a vyberte…',
    data: found.options,
    renderOption: renderPickerOption(found.options),
    filter: keepAll,
    searchValue: search.text,
    onSearchChange: search.set,
    nothingFoundMessage: found.loading ? 'Hledám…' : 'Nic neodpovídá',
    rightSection: found.loading ? <Loader size="xs" /> : undefined,
  };
}

function labelsOf<V>(props: WidgetProps<V>): string[] {
  const labels = props.relationLabels?.[props.field.name];
  return Array.isArray(labels) ? labels : labels ? [labels] : [];
}

function RelationWidget(props: WidgetProps<number | null>) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<SelectOption | null>(null);
  const initialLabel = labelsOf(props)[0];
  const chosen = useMemo<SelectOption[]>(() => {
    if (props.value === null) return [];
    const value = String(props.value);
    if (picked?.value === value) return [picked];
    return [{ value, label: initialLabel ?? `#${value}` }];
  }, [props.value, picked, initialLabel]);
  const found = useRelatedOptions(props.field.relationAlias, search, chosen, props.field.pickerField);
  return (
    <Select
      comboboxProps={DROPDOWN_ON_OPEN}
      {...pickerProps(props, { text: search, set: setSearch }, found)}
      clearable={!props.field.required}
      value={props.value === null ? null : String(props.value)}
      onChange={(value, option) => {
        setPicked(option ? { value: option.value, label: option.label } : null);
        props.onChange(value === null ? null : Number(value));
      }}
    />
  );
}

function RelationManyWidget(props: WidgetProps<number[] | null>) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const initialLabels = labelsOf(props);
  const values = useMemo(() => (props.value ?? []).map(String), [props.value]);
  const chosen = useMemo(
    () =>
      values.map((value, index) => ({
        value,
        label: picked.get(value) ?? initialLabels[index] ?? `#${value}`,
      })),
    [values, picked, initialLabels],
  );
  const found = useRelatedOptions(props.field.relationAlias, search, chosen, props.field.pickerField);
  return (
    <MultiSelect
      comboboxProps={DROPDOWN_ON_OPEN}
      {...pickerProps(props, { text: search, set: setSearch }, found)}
      clearable
      value={values}
      onChange={(next) => {
        const labels = new Map(picked);
        for (const option of found.options) labels.set(option.value, option.label);
        setPicked(labels);
        props.onChange(next.map(Number));
      }}
    />
  );
}

export const relationWidget = defineWidget(RelationWidget);
export const relationManyWidget = defineWidget(RelationManyWidget);
