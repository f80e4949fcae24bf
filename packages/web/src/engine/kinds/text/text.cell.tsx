import classes from '../cells.module.css';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** Links open mail, phone or the page; a click on them must not also open the row. */
const stop = (event: React.MouseEvent) => event.stopPropagation();

/** One-line text; e-mails, phones and URLs as links. */
function TextCell({ column, value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  if (column.kind === 'email')
    return (
      <a className={classes.link} href={`mailto:${value}`} onClick={stop}>
        {value}
      </a>
    );
  if (column.kind === 'phone')
    return (
      <a className={classes.link} href={`tel:${value.replace(/\s+/g, '')}`} onClick={stop}>
        {value}
      </a>
    );
  if (column.kind === 'url')
    return (
      <a className={classes.link} href={value} target="_blank" rel="noopener noreferrer" onClick={stop}>
        {value.replace(/^https?:\/\//, '')}
      </a>
    );
  return value;
}

export const textCell: KindCell = { Cell: TextCell };
