import { Anchor, Avatar } from '@mantine/core';
import { useUploadedFile } from '../../engine-api.ts';
import { type CellProps, EMPTY_CELL, type KindCell } from '../kind.types.ts';

/** An image's thumbnail or a file's name as a link, read from the upload's record. */
function FileCell({ column, value }: CellProps) {
  const { data } = useUploadedFile(typeof value === 'number' ? value : null);
  if (typeof value !== 'number') return EMPTY_CELL;
  if (!data) return '…';
  if (column.kind === 'image') {
    return <Avatar src={data.thumbnailUrl ?? data.url} alt={data.name} radius="sm" size={36} />;
  }
  return (
    <Anchor href={data.url} size="sm" onClick={(event) => event.stopPropagation()}>
      {data.name}
    </Anchor>
  );
}

export const fileCell: KindCell = { Cell: FileCell };
