import { Button, Group, Stack } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { appPath, routerPath } from '../../ui/navigation/app-path.ts';
import { useMayOpen } from '../../ui/navigation/use-may-open.ts';
import { DataGrid } from '../datagrid/data-grid.tsx';
import { useDatagridSchema } from '../engine-api.ts';
import { PageHeader } from './page-header.tsx';

/** The list screen of an entity: heading, "add" button and its datagrid. */
export function EntityListPage({ alias, title }: { alias: string; title: string }) {
  const { data: schema } = useDatagridSchema(alias);
  const imports = useMayOpen('cms.import');
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        actions={
          schema?.canCreate &&
          schema.routes && (
            <Group gap="xs">
              {imports && (
                <Button
                  component={Link}
                  to={appPath('cms.import', { entity: alias })}
                  variant="default"
                  leftSection={<IconFileImport size={18} />}
                >
                  Importovat
                </Button>
              )}
              <Button
                component={Link}
                to={routerPath(schema.routes.create)}
                leftSection={<IconPlus size={18} />}
              >
                Přidat
              </Button>
            </Group>
          )
        }
      />
      <DataGrid name={alias} />
    </Stack>
  );
}
