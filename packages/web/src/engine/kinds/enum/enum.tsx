import { Badge, Select } from '@mantine/core';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';

function EnumWidget(props: WidgetProps<string | null>) {
  const options = props.field.options ?? [];
  return (
    <Select
      {...inputProps(props)}
      data={options}
      placeholder={props.field.placeholder ?? 'Vyberte…'}
      clearable={!props.field.required}
      searchable={options.length > 8}
      nothingFoundMessage="Nic neodpovídá"
      value={props.value}
      onChange={(value) => props.onChange(value)}
    />
  );
}

function EnumCell({ column, value }: CellProps) {
  if (typeof value !== 'string') return EMPTY_CELL;
  const label = column.options?.find((option) => option.value === value)?.label ?? value;
  return (
    <Badge variant="light" radius="sm" tt="none" fw={500}>
      {label}
    </Badge>
  );
}

export const enumKind = defineKind({ Widget: EnumWidget, Cell: EnumCell });
