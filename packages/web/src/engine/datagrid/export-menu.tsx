import type { DatagridParams } from '@klubovna/shared';
import { serializeQuery } from '@klubovna/shared';
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { engineUrls } from '../engine-api.ts';

/** Downloads the whole filtered, sorted set (not just the page) as CSV for Czech Excel or as XLSX. */
export function ExportMenu({ grid, params }: { grid: string; params: DatagridParams }) {
  const { page: _page, limit: _limit, ...query } = params;
  const href = (format: 'csv' | 'xlsx') =>
    `${engineUrls.datagridExport(grid)}${serializeQuery({ ...query, format })}`;
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Všechny vyfiltrované záznamy</Menu.Label>
        <Menu.Item component="a" href={href('csv')} download leftSection={<IconFileTypeCsv size={18} />}>
          CSV (Excel)
        </Menu.Item>
        <Menu.Item component="a" href={href('xlsx')} download leftSection={<IconFileSpreadsheet size={18} />}>
          Sešit Excel (XLSX)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
