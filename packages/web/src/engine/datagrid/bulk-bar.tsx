import type { EntityLabels } from '@klubovna/shared';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { countLabel } from '../labels.ts';

/** What can be done with the selected rows. */
export function BulkBar({
  count,
  labels,
  canDelete,
  onDelete,
  onClear,
  children,
}: {
  count: number;
  labels: EntityLabels;
  canDelete: boolean;
  onDelete: () => void;
  onClear: () => void;
  /** A zone's own buttons for the selected rows, before deleting. */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} aria-live="polite">
          Vybráno: {countLabel(labels, count)}
        </Text>
        <Group gap="xs">
          <Button variant="subtle" size="xs" leftSection={<IconX size={16} />} onClick={onClear}>
            Zrušit výběr
          </Button>
          {children}
          {canDelete && (
            <Button color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Smazat vybrané
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
