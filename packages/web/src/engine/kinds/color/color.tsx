import { ColorInput, ColorSwatch, Group, Text } from '@mantine/core';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';

function ColorWidget(props: WidgetProps<string | null>) {
  return (
    <ColorInput
      {...inputProps(props)}
      format="hex"
      eyeDropperButtonProps={{ 'aria-label': 'Vybrat barvu z obrazovky', title: 'Vybrat barvu z obrazovky' }}
      placeholder={props.field.placeholder ?? '#1C7ED6'}
      value={props.value ?? ''}
      onChange={(value) => props.onChange(value === '' ? null : value)}
    />
  );
}

function ColorCell({ value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={value} size={16} />
      <Text size="sm" ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

export const colorKind = defineKind({ Widget: ColorWidget, Cell: ColorCell });
