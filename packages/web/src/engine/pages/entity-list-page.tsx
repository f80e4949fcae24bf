import { Button, Group, Stack } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { appPath, routerPath } from '../../ui/navigation/app-path.ts';
import { useMayOpen } from '../../ui/navigation/use-may-open.ts';
import { Link } from '../../ui/routing/router.tsx';
import { DataGrid, type DataGridProps } from '../datagrid/data-grid.tsx';
import { useDatagridSchema } from '../engine-api.ts';
import { PageHeader } from './page-header.tsx';

/**
 * The list screen of an entity: heading, "import" and "add" buttons and its datagrid; a zone's written
 * list adds its own buttons (`actions`, for whoever may create) and the datagrid's row and bulk actions.
 */
export function EntityListPage({
  alias,
  title,
  actions,
  ...grid
}: { alias: string; title: string; actions?: ReactNode } & Omit<DataGridProps, 'name'>) {
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
              {actions}
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
      <DataGrid name={alias} {...grid} />
    </Stack>
  );
}
