import { Group } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

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

export const booleanCell: KindCell = { Cell: BooleanCell };
