import { Text } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

function LongTextCell({ value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  return (
    <Text size="sm" lineClamp={2} maw={360}>
      {value}
    </Text>
  );
}

export const longTextCell: KindCell = { Cell: LongTextCell };
