import { Text } from '@mantine/core';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** The related records' labels, as the server put them into the record (`_labels`). */
function RelationCell({ column, record, value }: CellProps) {
  const labels = record._labels?.[column.key];
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
    return EMPTY_CELL;
  const text = Array.isArray(labels) ? labels.join(', ') : (labels ?? String(value));
  return (
    <Text size="sm" lineClamp={2} maw={320}>
      {text}
    </Text>
  );
}

export const relationCell: KindCell = { Cell: RelationCell };
