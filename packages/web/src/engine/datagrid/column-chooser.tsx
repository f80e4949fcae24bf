import type { ColumnSchema, DatagridSettings } from '@klubovna/shared';
import { ActionIcon, Button, Checkbox, Divider, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';

export interface ColumnChooserProps {
  columns: ColumnSchema[];
  settings: DatagridSettings['columns'];
  /** Chosen columns the list has no room for at the window's width: shown when others are hidden. */
  withoutRoom: readonly string[];
  onChange: (columns: DatagridSettings['columns']) => void;
  /** Back to the declared columns, order, sort, page size and no filters. */
  onReset: () => void;
}

/** Which columns show, in what order; by mouse or keyboard (no drag needed). */
export function ColumnChooser({ columns, settings, withoutRoom, onChange, onReset }: ColumnChooserProps) {
  const labels = new Map(columns.map((column) => [column.key, column.label]));
  const visibleCount = settings.filter((column) => column.visible).length;
  const move = (index: number, by: number) => {
    const next = [...settings];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <Popover position="bottom-end" shadow="md" width={300} trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={18} />}>
          Sloupce
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb="xs">
          Zobrazené sloupce a jejich pořadí
        </Text>
        <Stack gap={4} mah={360} style={{ overflowY: 'auto' }}>
          {settings.map((column, index) => (
            <Group key={column.key} justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox
                label={labels.get(column.key)}
                description={withoutRoom.includes(column.key) ? 'Pro šířku okna skrytý' : undefined}
                checked={column.visible}
                // The last visible column stays: an empty table would help nobody.
                disabled={column.visible && visibleCount === 1}
                onChange={(event) =>
                  onChange(
                    settings.map((item) =>
                      item.key === column.key ? { ...item, visible: event.currentTarget.checked } : item,
                    ),
                  )
                }
              />
              <Group gap={2} wrap="nowrap">
                <Tooltip label="Posunout výš">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={index === 0}
                    aria-label={`Posunout sloupec ${labels.get(column.key)} výš`}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Posunout níž">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={index === settings.length - 1}
                    aria-label={`Posunout sloupec ${labels.get(column.key)} níž`}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
        <Divider my="sm" />
        <Button variant="subtle" size="xs" fullWidth onClick={onReset}>
          Obnovit výchozí zobrazení
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
