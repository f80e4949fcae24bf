import { Badge, Group, MultiSelect } from '@mantine/core';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';

function MultiEnumWidget(props: WidgetProps<string[] | null>) {
  const options = props.field.options ?? [];
  return (
    <MultiSelect
      {...inputProps(props)}
      data={options}
      placeholder={props.value?.length ? undefined : (props.field.placeholder ?? 'Vyberte…')}
      clearable={!props.field.required}
      // Searchable keeps its input field visible and typable, however few the options.
      searchable
      nothingFoundMessage="Nic neodpovídá"
      value={props.value ?? []}
      onChange={(value) => props.onChange(value)}
    />
  );
}

function MultiEnumCell({ column, value }: CellProps) {
  if (!Array.isArray(value) || value.length === 0) return EMPTY_CELL;
  return (
    <Group gap={4} wrap="wrap">
      {value.map((choice: string) => (
        <Badge key={choice} variant="light" radius="sm" tt="none" fw={500}>
          {column.options?.find((option) => option.value === choice)?.label ?? choice}
        </Badge>
      ))}
    </Group>
  );
}

export const multiEnumKind = defineKind({ Widget: MultiEnumWidget, Cell: MultiEnumCell });
