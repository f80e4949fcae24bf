import type { FieldOption } from '@klubovna/shared';
import { Badge } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** One chosen option as a badge with its Czech label (the stored value when no option has it). */
export function OptionBadge({
  options,
  value,
}: {
  options: readonly FieldOption[] | undefined;
  value: string;
}) {
  return (
    <Badge variant="light" radius="sm" tt="none" fw={500}>
      {options?.find((option) => option.value === value)?.label ?? value}
    </Badge>
  );
}

function EnumCell({ column, value }: CellProps) {
  if (typeof value !== 'string') return EMPTY_CELL;
  return <OptionBadge options={column.options} value={value} />;
}

export const enumCell: KindCell = { Cell: EnumCell };
