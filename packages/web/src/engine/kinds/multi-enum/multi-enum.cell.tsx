import { Badge, Group } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

function MultiEnumCell({ column, value }: CellProps) {
  if (!Array.isArray(value) || value.length === 0) return EMPTY_CELL;
  return (
    <Group gap={4} wrap="wrap">
      {value.map((choice: string) => (
        <Badge key={choice} variant="light" radius="sm" tt="none" fw={500}>
          {column.options?.find((option) => option.value === choice)?.label ?? choice}
        </Badge>
      ))}
    </Group>
  );
}

export const multiEnumCell: KindCell = { Cell: MultiEnumCell };
