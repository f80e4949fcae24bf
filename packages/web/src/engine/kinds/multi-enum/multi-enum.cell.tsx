import { Group } from '@mantine/core';
import { OptionBadge } from '../enum/enum.cell.tsx';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

function MultiEnumCell({ column, value }: CellProps) {
  if (!Array.isArray(value) || value.length === 0) return EMPTY_CELL;
  return (
    <Group gap={4} wrap="wrap">
      {value.map((choice: string) => (
        <OptionBadge key={choice} options={column.options} value={choice} />
      ))}
    </Group>
  );
}

export const multiEnumCell: KindCell = { Cell: MultiEnumCell };
