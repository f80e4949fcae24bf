import { ColorSwatch, Group, Text } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

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

export const colorCell: KindCell = { Cell: ColorCell };
