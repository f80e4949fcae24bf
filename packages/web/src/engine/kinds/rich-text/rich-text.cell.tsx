import { Text } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** The text of stored HTML, for a one-line preview (never rendered as HTML in the grid). */
export function htmlToText(html: string): string {
  return (
    new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? ''
  );
}

function RichTextCell({ value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  return (
    <Text size="sm" lineClamp={2} maw={360}>
      {htmlToText(value)}
    </Text>
  );
}

export const richTextCell: KindCell = { Cell: RichTextCell };
