import { Badge } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

function EnumCell({ column, value }: CellProps) {
  if (typeof value !== 'string') return EMPTY_CELL;
  const label = column.options?.find((option) => option.value === value)?.label ?? value;
  return (
    <Badge variant="light" radius="sm" tt="none" fw={500}>
      {label}
    </Badge>
  );
}

export const enumCell: KindCell = { Cell: EnumCell };
