import { czechDate, czechDateTime } from '@klubovna/shared/time/prague';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** A date or a date-time, in Czech (date-times in Prague time). */
function DateCell({ column, value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  return column.kind === 'date' ? czechDate(value) : czechDateTime(value);
}

export const dateCell: KindCell = { Cell: DateCell };
