import type { EntityRecord, FormSchema } from '@klubovna/shared';
import { Alert, Badge, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DisplayValue } from '../kinds/display-value.tsx';
import { changedFields, type FormValues, formValuesOf } from './form-values.ts';

export interface ConflictDialogProps {
  schema: FormSchema;
  /** The record as it was when the user started editing. */
  base: FormValues;
  /** The user's unsaved values. */
  mine: FormValues;
  /** The record as it is stored now. */
  current: EntityRecord;
  onReload: () => void;
  onOverwrite: () => Promise<unknown>;
  onCancel: () => void;
}

/** Shows what someone else changed meanwhile and lets the user reload or overwrite knowingly. */
export function ConflictDialog({
  schema,
  base,
  mine,
  current,
  onReload,
  onOverwrite,
  onCancel,
}: ConflictDialogProps) {
  const theirs = formValuesOf(schema, current);
  const changedByThem = changedFields(schema, base, theirs);
  const changedByMe = new Set(changedFields(schema, base, mine).map((field) => field.name));

  return (
    <Stack gap="md">
      <Alert color="orange" icon={<IconAlertTriangle />} variant="light">
        Záznam mezitím uložil někdo jiný. Vaše změny zatím uloženy nejsou.
      </Alert>
      {changedByThem.length === 0 ? (
        <Text size="sm">Liší se jen verze záznamu; žádné pole se nezměnilo.</Text>
      ) : (
        <ScrollArea.Autosize mah={360}>
          <Table striped withTableBorder aria-label="Změny od jiného uživatele">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pole</Table.Th>
                <Table.Th>Uloženo nyní</Table.Th>
                <Table.Th>Vaše hodnota</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changedByThem.map((field) => (
                <Table.Tr key={field.name}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {field.label}
                    </Text>
                    {changedByMe.has(field.name) && (
                      <Badge color="red" variant="light" size="xs">
                        změnili jste obě strany
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <DisplayValue field={field} value={theirs[field.name]} labels={current._labels} />
                  </Table.Td>
                  <Table.Td>
                    <DisplayValue field={field} value={mine[field.name]} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Zpět k úpravám
        </Button>
        <Button variant="light" onClick={onReload}>
          Načíst uloženou verzi
        </Button>
        <Button color="red" onClick={() => void onOverwrite()}>
          Přepsat mými změnami
        </Button>
      </Group>
    </Stack>
  );
}
