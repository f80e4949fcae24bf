import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { DataGrid } from '../datagrid/data-grid.tsx';
import { useDatagridSchema } from '../engine-api.ts';
import { PageHeader } from './page-header.tsx';

/** The list screen of an entity: heading, "add" button and its datagrid. */
export function EntityListPage({ alias, title }: { alias: string; title: string }) {
  const { data: schema } = useDatagridSchema(alias);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        actions={
          schema?.canCreate &&
          schema.routes && (
            <Button
              component={Link}
              to={routerPath(schema.routes.create)}
              leftSection={<IconPlus size={18} />}
            >
              Přidat
            </Button>
          )
        }
      />
      <DataGrid name={alias} />
    </Stack>
  );
}
