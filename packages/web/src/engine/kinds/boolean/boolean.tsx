import { Badge, Switch } from '@mantine/core';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';

function BooleanWidget(props: WidgetProps<boolean | null>) {
  const { label, description, error, disabled, name } = inputProps(props);
  return (
    <Switch
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      name={name}
      mt={{ base: 0, sm: 'lg' }}
      checked={props.value === true}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
  );
}

function BooleanCell({ value }: CellProps) {
  if (value === null || value === undefined) return EMPTY_CELL;
  return (
    <Badge variant="light" color={value ? 'teal' : 'gray'} radius="sm">
      {value ? 'Ano' : 'Ne'}
    </Badge>
  );
}

export const booleanKind = defineKind({ Widget: BooleanWidget, Cell: BooleanCell });
