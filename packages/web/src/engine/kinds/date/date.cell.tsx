import { formatDate, formatDateTime } from '../../../ui/format/date-format.ts';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** A date or a date-time, in Czech (date-times in Prague time). */
function DateCell({ column, value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  // A plain date is a calendar day: read it in UTC so no time zone moves it.
  return column.kind === 'date' ? formatDate(`${value}T12:00:00Z`) : formatDateTime(value);
}

export const dateCell: KindCell = { Cell: DateCell };
