import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';
import { formatNumber } from './number-format.ts';

function NumberCell({ value }: CellProps) {
  return typeof value === 'number' ? formatNumber(value) : EMPTY_CELL;
}

export const numberCell: KindCell = { Cell: NumberCell, numeric: true };
