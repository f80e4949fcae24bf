import classes from '../cells.module.css';
import { OptionBadge } from '../enum/enum.cell.tsx';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

function MultiEnumCell({ column, value }: CellProps) {
  if (!Array.isArray(value) || value.length === 0) return EMPTY_CELL;
  return (
    <span className={classes.badges}>
      {value.map((choice: string) => (
        <OptionBadge key={choice} options={column.options} value={choice} />
      ))}
    </span>
  );
}

export const multiEnumCell: KindCell = { Cell: MultiEnumCell };
