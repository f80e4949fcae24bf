import {
  API_PATHS,
  apiPath,
  type GroupMembersSaved,
  type GroupSetupCandidates,
  MEMBER_TYPE_LABELS,
  type MemberType,
} from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { Button, Checkbox, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { api } from '../../api/api.ts';
import { CzechDateInput } from '../../engine/kinds/date/czech-date-input.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { DROPDOWN_ON_OPEN } from '../../ui/form/dropdown-on-open.ts';
import { czechPlural } from '../../ui/format/plural.ts';
import { CandidateFilters } from './candidate-filters.tsx';
import { type Candidate, EMPTY_FILTER, filterCandidates } from './member-filter.ts';

const SAVE_URL = apiPath(API_PATHS.action, { alias: 'group', action: 'set-members' });
const members = (count: number) => `${count} ${czechPlural(count, ['člen', 'členové', 'členů'])}`;

/**
 * The bulk setup's choice of a group and a day and, once a group is chosen, its members to tick: a
 * chunk of its own (the pickers, the date input and the table), loaded while the candidates come, so
 * that the screen's heading does not wait for it.
 */
export default function BulkSetupForm({
  data,
  from,
  group,
  change,
  onSaved,
}: {
  data: GroupSetupCandidates;
  from: string;
  group: GroupSetupCandidates['groups'][number] | null;
  change: (values: Record<string, string | null>) => void;
  onSaved: () => void;
}) {
  return (
    <>
      <Group align="flex-start" gap="sm">
        <Select
          comboboxProps={DROPDOWN_ON_OPEN}
          label="Skupina"
          placeholder="Vyberte skupinu"
          searchable
          w={{ base: '100%', xs: 320 }}
          data={data.groups.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          value={group ? String(group.id) : null}
          onChange={(value) => change({ skupina: value })}
        />
        <CzechDateInput
          label="Ve skupině od"
          description="Nová členství začnou tímto dnem, i zpětně."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          w={{ base: '100%', xs: 200 }}
          value={from}
          onChange={(value) => change({ od: value })}
        />
      </Group>
      {group && (
        <GroupSetup key={group.id} data={data} group={group} loading={data.from !== from} onSaved={onSaved} />
      )}
    </>
  );
}

function GroupSetup({
  data,
  group,
  loading,
  onSaved,
}: {
  data: GroupSetupCandidates;
  group: GroupSetupCandidates['groups'][number];
  /** Another day's members are on their way: what is shown is the previous day's. */
  loading: boolean;
  onSaved: () => void;
}) {
  const flash = useFlash();
  const initial = useMemo(
    () =>
      new Set(data.members.filter((member) => member.groupIds.includes(group.id)).map((member) => member.id)),
    [data, group.id],
  );
  // The ticks the user changed (member → in the group), kept apart from `initial`, which follows the day.
  const [changes, setChanges] = useState<ReadonlyMap<number, boolean>>(new Map());
  const selected = useMemo(() => {
    const next = new Set(initial);
    for (const [id, on] of changes) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  }, [initial, changes]);
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const shown = useMemo(() => filterCandidates(data, filter), [data, filter]);
  const groupNames = useMemo(() => new Map(data.groups.map((item) => [item.id, item.name])), [data.groups]);
  const added = [...selected].filter((id) => !initial.has(id)).length;
  const removed = [...initial].filter((id) => !selected.has(id)).length;
  const overCapacity = group.capacity !== null && selected.size > group.capacity;

  const setMany = (ids: number[], on: boolean) =>
    setChanges((current) => new Map([...current, ...ids.map((id) => [id, on] as const)]));

  const save = async () => {
    const result = await api.post<GroupMembersSaved>(SAVE_URL, {
      groupId: group.id,
      memberIds: [...selected],
      validFrom: data.from,
    });
    const backdated =
      result.backdated > 0 ? `, začátek posunut na tento den u ${members(result.backdated)}` : '';
    flash.show({
      message: `Skupina ${group.name} uložena od ${czechDate(data.from)}: přidáno ${members(result.added)}, odebráno ${members(result.removed)}${backdated}.`,
    });
    setChanges(new Map());
    onSaved();
  };

  return (
    <Stack gap="md">
      <CandidateFilters data={data} filter={filter} onChange={setFilter} />
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" aria-live="polite">
            Vybráno {members(selected.size)}
            {group.capacity !== null && ` z kapacity ${group.capacity}`} · přidá se {added}, odebere se{' '}
            {removed} · zobrazeno {shown.length}
          </Text>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                setMany(
                  shown.map((member) => member.id),
                  true,
                )
              }
            >
              Vybrat zobrazené
            </Button>
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                setMany(
                  shown.map((member) => member.id),
                  false,
                )
              }
            >
              Zrušit výběr zobrazených
            </Button>
            <BusyButton
              size="xs"
              onClick={save}
              disabled={loading || overCapacity || (added === 0 && removed === 0)}
            >
              Uložit skupinu
            </BusyButton>
          </Group>
        </Group>
        {overCapacity && (
          <Text size="sm" c="red" mt="xs" role="alert">
            Vybráno je víc členů, než je kapacita skupiny ({group.capacity}).
          </Text>
        )}
      </Paper>
      <CandidateTable
        from={data.from}
        shown={shown}
        selected={selected}
        groupNames={groupNames}
        onToggle={(id, on) => setMany([id], on)}
      />
    </Stack>
  );
}

function CandidateTable({
  from,
  shown,
  selected,
  groupNames,
  onToggle,
}: {
  from: string;
  shown: Candidate[];
  selected: ReadonlySet<number>;
  groupNames: ReadonlyMap<number, string>;
  onToggle: (id: number, on: boolean) => void;
}) {
  if (shown.length === 0) return <Text c="dimmed">Filtrům neodpovídá žádný člen.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label="Členové k výběru">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>Ve skupině</Table.Th>
            <Table.Th>Příjmení a jméno</Table.Th>
            <Table.Th>Rok narození</Table.Th>
            <Table.Th>Typ</Table.Th>
            <Table.Th>Ve skupinách od {czechDate(from)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Ve skupině: ${member.lastName} ${member.firstName}`}
                  checked={selected.has(member.id)}
                  onChange={(event) => onToggle(member.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                {member.lastName} {member.firstName}
              </Table.Td>
              <Table.Td>{member.birthYear ?? '—'}</Table.Td>
              <Table.Td>
                {member.memberType ? MEMBER_TYPE_LABELS[member.memberType as MemberType] : '—'}
              </Table.Td>
              <Table.Td>{member.groupIds.map((id) => groupNames.get(id)).join(', ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
