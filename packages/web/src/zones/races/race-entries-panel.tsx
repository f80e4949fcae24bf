import {
  API_PATHS,
  apiPath,
  type EntityRecord,
  type RaceEntryRow,
  type RaceParticipants,
} from '@klubovna/shared';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDeviceFloppy, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { fieldErrors } from '../../api/describe-error.ts';
import { deleteRecord, saveRecord, useEntityLabels } from '../../engine/engine-api.ts';
import type { SelectOption } from '../../engine/kinds/relation/use-related-options.ts';
import { namedObject } from '../../engine/labels.ts';
import { RecordPicker } from '../../engine/related/record-picker.tsx';
import { useReported } from '../../engine/related/use-reported.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';

const fullName = (row: RaceEntryRow) => `${row.firstName} ${row.lastName}`;

/** Who starts in the race and in which category; times and places once it is run. */
export function RaceEntriesPanel({ race }: { race: EntityRecord }) {
  const url = apiPath(API_PATHS.raceParticipants, { id: race.id });
  const { data, mutate } = useSWR<RaceParticipants>(url);
  const [member, setMember] = useState<SelectOption | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const reported = useReported();
  const confirm = useConfirm();
  const labels = useEntityLabels('race-participant');

  // New categories or a new date of the race change what may be entered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch whenever the race's version changes
  useEffect(() => {
    void mutate();
  }, [race.version, mutate]);

  const enter = () =>
    reported(
      async () => {
        if (!member) return;
        await saveRecord('race-participant', { race: race.id, member: Number(member.value), category });
        setMember(null);
        await mutate();
      },
      member ? `Přihlášeno do závodu: ${member.label}.` : undefined,
    );

  const remove = (row: RaceEntryRow) =>
    confirm({
      title: `Odhlásit ${namedObject(labels!, fullName(row))}?`,
      message: 'Smaže se i zapsaný výsledek.',
      confirmLabel: 'Odhlásit',
      danger: true,
      onConfirm: () =>
        reported(
          async () => {
            await deleteRecord('race-participant', row.id);
            await mutate();
          },
          `Odhlášeno: ${fullName(row)}.`,
        ),
    });

  if (!data || !labels) return <Skeleton h={200} radius="md" />;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="race-entries">
      <Stack gap="md">
        <Title order={2} size="h3" id="race-entries">
          Účastníci a výsledky{' '}
          <Text span c="dimmed" inherit>
            ({data.entries.length})
          </Text>
        </Title>
        <Group align="flex-end" gap="sm">
          <RecordPicker
            alias="member"
            field="race-participant.member"
            label="Přihlásit člena"
            value={member}
            onChange={setMember}
          />
          {data.categories.length > 0 && (
            <Select
              label="Kategorie"
              w={180}
              data={data.categories}
              value={category}
              onChange={setCategory}
              clearable
            />
          )}
          <BusyButton leftSection={<IconUserPlus size={18} />} disabled={!member} onClick={enter}>
            Přihlásit
          </BusyButton>
        </Group>
        {!data.resultsOpen && (
          <Text size="sm" c="dimmed">
            Výsledky půjde zapsat ode dne závodu.
          </Text>
        )}
        {data.entries.length === 0 ? (
          <Text c="dimmed">Zatím nikdo není přihlášen.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-label="Účastníci a výsledky">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Jméno</Table.Th>
                  <Table.Th>Kategorie</Table.Th>
                  <Table.Th>Čas</Table.Th>
                  <Table.Th>Umístění</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Akce</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((row) => (
                  <EntryRow
                    key={`${row.id}-${row.version}`}
                    row={row}
                    categories={data.categories}
                    resultsOpen={data.resultsOpen}
                    onSaved={() => void mutate()}
                    onRemove={() => remove(row)}
                    removeLabel={`Odhlásit ${namedObject(labels, fullName(row))}`}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function EntryRow({
  row,
  categories,
  resultsOpen,
  onSaved,
  onRemove,
  removeLabel,
}: {
  row: RaceEntryRow;
  categories: string[];
  resultsOpen: boolean;
  onSaved: () => void;
  onRemove: () => void;
  /** The remove button's accessible name. */
  removeLabel: string;
}) {
  const [category, setCategory] = useState(row.category);
  const [time, setTime] = useState(row.resultTime ?? '');
  const [place, setPlace] = useState<number | string>(row.resultPlace ?? '');
  // The server's refusals, shown on the inputs they concern (a time in a wrong form, say).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reported = useReported();
  const name = fullName(row);
  const changed =
    category !== row.category || time !== (row.resultTime ?? '') || place !== (row.resultPlace ?? '');
  const save = () =>
    reported(async () => {
      try {
        await saveRecord(
          'race-participant',
          {
            category: category || null,
            resultTime: time.trim() || null,
            resultPlace: typeof place === 'number' ? place : null,
            version: row.version,
          },
          row.id,
        );
      } catch (error) {
        setErrors(fieldErrors(error));
        throw error;
      }
      setErrors({});
      onSaved();
    }, `Uloženo: ${name}.`);
  return (
    <Table.Tr>
      <Table.Td>
        {row.lastName} {row.firstName}
      </Table.Td>
      <Table.Td>
        {categories.length > 0 ? (
          <Select
            size="xs"
            w={150}
            aria-label={`Kategorie – ${name}`}
            data={categories}
            value={category}
            onChange={setCategory}
            clearable
            error={errors.category}
          />
        ) : (
          <TextInput
            size="xs"
            w={150}
            aria-label={`Kategorie – ${name}`}
            value={category ?? ''}
            onChange={(event) => setCategory(event.currentTarget.value || null)}
            error={errors.category}
          />
        )}
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          w={110}
          aria-label={`Čas – ${name}`}
          placeholder="1:02:03"
          disabled={!resultsOpen}
          value={time}
          onChange={(event) => setTime(event.currentTarget.value)}
          error={errors.resultTime}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          size="xs"
          w={90}
          aria-label={`Umístění – ${name}`}
          min={1}
          allowDecimal={false}
          disabled={!resultsOpen}
          value={place}
          onChange={setPlace}
          error={errors.resultPlace}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <BusyButton
            size="xs"
            variant="light"
            leftSection={<IconDeviceFloppy size={16} />}
            aria-label={`Uložit – ${name}`}
            disabled={!changed}
            onClick={save}
          >
            Uložit
          </BusyButton>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconUserMinus size={16} />}
            aria-label={removeLabel}
            onClick={onRemove}
          >
            Odhlásit
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
