import type { DatagridSchema } from '@klubovna/shared';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFilterOff, IconInbox, IconPlus } from '@tabler/icons-react';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';

/** No rows: either nothing matches the search and filters, or there is nothing yet. */
export function DatagridEmpty({
  schema,
  filtered,
  onClear,
}: {
  schema: DatagridSchema;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <Stack align="center" gap="xs" p="xl">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        {filtered ? <IconFilterOff size={26} /> : <IconInbox size={26} />}
      </ThemeIcon>
      <Text fw={600}>
        {filtered ? 'Hledání ani filtrům nic neodpovídá' : `${schema.labels.plural}: zatím žádné záznamy`}
      </Text>
      {filtered ? (
        <Button variant="light" size="xs" onClick={onClear}>
          Zrušit hledání a filtry
        </Button>
      ) : (
        schema.canCreate &&
        schema.routes && (
          <Button
            component={Link}
            to={routerPath(schema.routes.create)}
            size="xs"
            leftSection={<IconPlus size={16} />}
          >
            Přidat první záznam
          </Button>
        )
      )}
    </Stack>
  );
}
