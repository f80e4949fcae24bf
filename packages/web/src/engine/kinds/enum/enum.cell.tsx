import type { FieldOption } from '@klubovna/shared';
import classes from '../cells.module.css';
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
    <span className={classes.badge}>{options?.find((option) => option.value === value)?.label ?? value}</span>
  );
}

function EnumCell({ column, value }: CellProps) {
  if (typeof value !== 'string') return EMPTY_CELL;
  return <OptionBadge options={column.options} value={value} />;
}

export const enumCell: KindCell = { Cell: EnumCell };
