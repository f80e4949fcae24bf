import { Anchor } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** One-line text; e-mails, phones and URLs as links. */
function TextCell({ column, value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  // Links open mail, phone or the page; a click on them must not also open the row.
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  if (column.kind === 'email')
    return (
      <Anchor href={`mailto:${value}`} size="sm" onClick={stop}>
        {value}
      </Anchor>
    );
  if (column.kind === 'phone')
    return (
      <Anchor href={`tel:${value.replace(/\s+/g, '')}`} size="sm" onClick={stop}>
        {value}
      </Anchor>
    );
  if (column.kind === 'url')
    return (
      <Anchor href={value} target="_blank" rel="noopener noreferrer" size="sm" onClick={stop}>
        {value.replace(/^https?:\/\//, '')}
      </Anchor>
    );
  return value;
}

export const textCell: KindCell = { Cell: TextCell };
