import { Group, Switch } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
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
  // Plain text in the body colour: a tinted badge's small bold text misses 4.5:1 on a striped row.
  return (
    <Group gap={4} wrap="nowrap">
      {value ? (
        <IconCheck size={14} color="var(--mantine-color-teal-filled)" aria-hidden />
      ) : (
        <IconMinus size={14} color="var(--mantine-color-dimmed)" aria-hidden />
      )}
      <span>{value ? 'Ano' : 'Ne'}</span>
    </Group>
  );
}

export const booleanKind = defineKind({ Widget: BooleanWidget, Cell: BooleanCell });
