import {
  API_PATHS,
  apiPath,
  type CampList,
  type CampParticipantRow,
  type CampParticipants,
  type EntityRecord,
  type ExportFormat,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  type PaymentState,
} from '@klubovna/shared';
import {
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { deleteRecord, saveRecord, useEntityLabels } from '../../engine/engine-api.ts';
import type { SelectOption } from '../../engine/kinds/relation/use-related-options.ts';
import { namedObject } from '../../engine/labels.ts';
import { RecordPicker } from '../../engine/related/record-picker.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { formatDate } from '../../ui/format/date-format.ts';

const PAYMENT_OPTIONS = PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_LABELS[value] }));
const fullName = (row: CampParticipantRow) => `${row.firstName} ${row.lastName}`;

/** Who goes and who waits for a place, added and removed here; exports for the accommodation. */
export function CampParticipantsPanel({ camp }: { camp: EntityRecord }) {
  const url = apiPath(API_PATHS.campParticipants, { id: camp.id });
  const { data, mutate } = useSWR<CampParticipants>(url);
  const [member, setMember] = useState<SelectOption | null>(null);
  const reported = useReported();
  const confirm = useConfirm();
  const flash = useFlash();
  const labels = useEntityLabels('camp-participant');

  // A saved camp (a new capacity) may have let the waiting in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch whenever the camp's version changes
  useEffect(() => {
    void mutate();
  }, [camp.version, mutate]);

  const signUp = async () => {
    if (!member) return;
    let waiting = false;
    const done = await reported(async () => {
      const saved = await saveRecord('camp-participant', { camp: camp.id, member: Number(member.value) });
      waiting = saved.status === 'WAITING';
      setMember(null);
      await mutate();
    });
    if (done)
      flash.show({
        message: waiting
          ? `Soustředění je plné: ${member.label} čeká na uvolněné místo.`
          : `Přihlášeno: ${member.label}.`,
      });
  };

  const remove = (row: CampParticipantRow) =>
    confirm({
      ...(row.waitingPosition === null
        ? {
            title: `Odhlásit ${namedObject(labels!, fullName(row))}?`,
            message: 'Uvolněné místo dostane první čekající.',
          }
        : {
            title: `Odebrat z čekací listiny ${namedObject(labels!, fullName(row))}?`,
            message: 'Ostatní čekající se posunou.',
          }),
      confirmLabel: 'Odhlásit',
      danger: true,
      onConfirm: () =>
        reported(
          async () => {
            await deleteRecord('camp-participant', row.id);
            await mutate();
          },
          `Odhlášeno: ${fullName(row)}.`,
        ),
    });

  const setPayment = (row: CampParticipantRow, paymentState: PaymentState) =>
    reported(
      async () => {
        await saveRecord('camp-participant', { paymentState, version: row.version }, row.id);
        await mutate();
      },
      `${fullName(row)}: ${PAYMENT_STATE_LABELS[paymentState].toLowerCase()}.`,
    );

  if (!data || !labels) return <Skeleton h={200} radius="md" />;
  const count = data.participants.length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="camp-participants">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="camp-participants">
            Účastníci{' '}
            <Text span c="dimmed" inherit>
              {data.capacity === null ? `(${count})` : `(${count} z ${data.capacity})`}
            </Text>
          </Title>
          <ExportMenu campId={camp.id} hasWaiting={data.waiting.length > 0} />
        </Group>
        <Group align="flex-end" gap="sm">
          <RecordPicker
            alias="member"
            field="camp-participant.member"
            label="Přihlásit člena"
            value={member}
            onChange={setMember}
          />
          <BusyButton leftSection={<IconUserPlus size={18} />} disabled={!member} onClick={signUp}>
            Přihlásit
          </BusyButton>
        </Group>
        {count === 0 ? (
          <Text c="dimmed">Zatím nikdo není přihlášen.</Text>
        ) : (
          <PeopleTable
            rows={data.participants}
            onRemove={remove}
            removeLabel={(row) => `Odhlásit ${namedObject(labels, fullName(row))}`}
            onPayment={setPayment}
            caption="Účastníci"
          />
        )}
        <Title order={3} size="h4">
          Čekací listina{' '}
          <Text span c="dimmed" inherit>
            ({data.waiting.length})
          </Text>
        </Title>
        {data.waiting.length === 0 ? (
          <Text c="dimmed">Nikdo nečeká.</Text>
        ) : (
          <PeopleTable
            rows={data.waiting}
            onRemove={remove}
            removeLabel={(row) => `Odhlásit ${namedObject(labels, fullName(row))}`}
            onPayment={setPayment}
            caption="Čekací listina"
            waiting
          />
        )}
      </Stack>
    </Paper>
  );
}

function PeopleTable({
  rows,
  onRemove,
  removeLabel,
  onPayment,
  caption,
  waiting = false,
}: {
  rows: CampParticipantRow[];
  onRemove: (row: CampParticipantRow) => unknown;
  /** The remove button's accessible name. */
  removeLabel: (row: CampParticipantRow) => string;
  onPayment: (row: CampParticipantRow, state: PaymentState) => unknown;
  caption: string;
  waiting?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {waiting && <Table.Th>Pořadí</Table.Th>}
            <Table.Th>Jméno</Table.Th>
            <Table.Th>Datum narození</Table.Th>
            <Table.Th>Platba</Table.Th>
            <Table.Th>Poznámka</Table.Th>
            <Table.Th>
              <VisuallyHidden>Akce</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {waiting && <Table.Td>{row.waitingPosition}.</Table.Td>}
              <Table.Td>
                {row.lastName} {row.firstName}
              </Table.Td>
              <Table.Td>{row.birthDate ? formatDate(row.birthDate) : '–'}</Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  w={150}
                  aria-label={`Platba – ${fullName(row)}`}
                  data={PAYMENT_OPTIONS}
                  value={row.paymentState}
                  allowDeselect={false}
                  onChange={(value) =>
                    value && value !== row.paymentState && onPayment(row, value as PaymentState)
                  }
                />
              </Table.Td>
              <Table.Td>{row.note ?? ''}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconUserMinus size={16} />}
                  aria-label={removeLabel(row)}
                  onClick={() => onRemove(row)}
                >
                  Odhlásit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ExportMenu({ campId, hasWaiting }: { campId: number; hasWaiting: boolean }) {
  const href = (list: CampList, format: ExportFormat) =>
    `${apiPath(API_PATHS.campExport, { id: campId })}?format=${format}&list=${list}`;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Účastníci pro ubytování</Menu.Label>
        <Menu.Item component="a" href={href('participants', 'xlsx')} download>
          Účastníci – Excel (XLSX)
        </Menu.Item>
        <Menu.Item component="a" href={href('participants', 'csv')} download>
          Účastníci – CSV
        </Menu.Item>
        <Menu.Label>Čekací listina</Menu.Label>
        <Menu.Item component="a" href={href('waiting', 'xlsx')} download disabled={!hasWaiting}>
          Čekací listina – Excel (XLSX)
        </Menu.Item>
        <Menu.Item component="a" href={href('waiting', 'csv')} download disabled={!hasWaiting}>
          Čekací listina – CSV
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
