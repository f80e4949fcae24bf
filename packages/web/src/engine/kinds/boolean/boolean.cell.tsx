import { Badge } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

function BooleanCell({ value }: CellProps) {
  if (value === null || value === undefined) return EMPTY_CELL;
  return (
    <Badge variant="light" color={value ? 'teal' : 'gray'} radius="sm">
      {value ? 'Ano' : 'Ne'}
    </Badge>
  );
}

export const booleanCell: KindCell = { Cell: BooleanCell };
