import {
  API_PATHS,
  apiPath,
  type EntityMeta,
  type TrashEntry,
  type TrashPage as TrashPageData,
  type TrashRestoreResult,
} from '@klubovna/shared';
import { czechDateTime } from '@klubovna/shared/time/prague';
import { Alert, Group, Pagination, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRestore, IconSearch, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { czechPlural } from '../../ui/format/plural.ts';

const PAGE_SIZE = 20;
const days = (count: number) => `${count} ${czechPlural(count, ['den', 'dny', 'dní'])}`;
const records = (count: number) =>
  `${count} ${czechPlural(count, ['smazaný záznam', 'smazané záznamy', 'smazaných záznamů'])}`;

/** The record as the object of a verb, its noun declined and its name as it is: `člena Jan Čermák`. */
const recordObject = (entry: TrashEntry) => `${entry.entityAccusative} ${entry.label}`;

/** Deleted records of every entity the user may read, newest first: restore them or delete them for good. */
export function TrashPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [entity, setEntity] = useState<string | null>(null);
  const { data: tables } = useSWR<EntityMeta[]>(API_PATHS.tables);
  const trash = useSWR<TrashPageData>([
    API_PATHS.trash,
    { s: debounced || undefined, entity: entity ?? undefined, page, limit: PAGE_SIZE },
  ]);
  const reported = useReported();
  const confirm = useConfirm();

  const restore = (entry: TrashEntry) =>
    reported(async () => {
      await api.post<TrashRestoreResult>(apiPath(API_PATHS.trashRestore, { id: entry.id }), {});
      await trash.mutate();
    }, `Obnoveno: ${entry.entityLabel} „${entry.label}“.`);
  const purge = (entry: TrashEntry) =>
    confirm({
      title: `Smazat natrvalo ${recordObject(entry)}?`,
      message: 'Tuto akci nelze vrátit.',
      confirmLabel: 'Smazat natrvalo',
      danger: true,
      onConfirm: () =>
        reported(async () => {
          await api.delete(apiPath(API_PATHS.trashEntry, { id: entry.id }));
          await trash.mutate();
        }, `Smazáno natrvalo: ${entry.entityLabel} „${entry.label}“.`),
    });

  const data = trash.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <Stack gap="lg">
      <PageHeader title="Koš" />
      <Text c="dimmed" maw={720}>
        Smazané záznamy tu čekají {data ? days(data.retentionDays) : '…'}, pak se smažou natrvalo. Obnovený
        záznam se vrátí i s vazbami, které smazáním ztratil.
      </Text>
      <Group align="flex-end" gap="md">
        <TextInput
          label="Hledat v koši"
          placeholder="Název nebo jméno záznamu"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={420}
        />
        <Select
          label="Typ záznamu"
          data={[
            { value: '', label: 'Všechny typy' },
            ...(tables ?? []).map((table) => ({ value: table.alias, label: table.labels.plural })),
          ]}
          value={entity ?? ''}
          onChange={(value) => {
            setEntity(value || null);
            setPage(1);
          }}
          allowDeselect={false}
          maw={260}
        />
      </Group>
      {!data ? (
        <Skeleton h={160} />
      ) : data.total === 0 ? (
        <Alert color="gray" title={debounced || entity ? 'Nic nenalezeno' : 'Koš je prázdný'}>
          {debounced || entity
            ? 'Žádný smazaný záznam neodpovídá hledání.'
            : 'Žádný smazaný záznam tu nečeká.'}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{records(data.total)}</Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Smazané záznamy">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Záznam</Table.Th>
                  <Table.Th>Typ</Table.Th>
                  <Table.Th>Smazal</Table.Th>
                  <Table.Th>Smazáno</Table.Th>
                  <Table.Th>Akce</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{entry.label}</Table.Td>
                    <Table.Td>{entry.entityLabel}</Table.Td>
                    <Table.Td>{entry.deletedBy?.name ?? 'systém'}</Table.Td>
                    <Table.Td>{czechDateTime(entry.deletedAt)}</Table.Td>
                    <Table.Td>
                      {entry.canRestore ? (
                        <Group gap="xs" wrap="nowrap">
                          <BusyButton
                            size="xs"
                            variant="light"
                            leftSection={<IconRestore size={16} />}
                            aria-label={`Obnovit ${recordObject(entry)}`}
                            onClick={() => restore(entry)}
                          >
                            Obnovit
                          </BusyButton>
                          <BusyButton
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrashX size={16} />}
                            aria-label={`Smazat natrvalo ${recordObject(entry)}`}
                            onClick={() => purge(entry)}
                          >
                            Smazat natrvalo
                          </BusyButton>
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          jen ke čtení
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Předchozí stránka' : 'Další stránka',
              })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
