import {
  API_PATHS,
  apiPath,
  type GroupMembersSaved,
  type GroupSetupCandidates,
  MEMBER_TYPE_LABELS,
  type MemberType,
} from '@klubovna/shared';
import { Alert, Button, Checkbox, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { czechPlural } from '../../ui/format/plural.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { CandidateFilters } from './candidate-filters.tsx';
import { type Candidate, EMPTY_FILTER, filterCandidates } from './member-filter.ts';

const CANDIDATES_URL = apiPath(API_PATHS.action, { alias: 'group', action: 'setup-candidates' });
const SAVE_URL = apiPath(API_PATHS.action, { alias: 'group', action: 'set-members' });
const members = (count: number) => `${count} ${czechPlural(count, ['člen', 'členové', 'členů'])}`;

/** Pick a group, tick its members in a filtered list of everyone, and save the lot at once. */
export function BulkSetupPage() {
  const { data, mutate } = useSWR<GroupSetupCandidates>(CANDIDATES_URL);
  const [params, setParams] = useSearchParams();
  const groupId = Number(params.get('skupina')) || null;
  const group = data?.groups.find((candidate) => candidate.id === groupId) ?? null;

  return (
    <Stack gap="lg">
      <PageHeader title="Hromadné nastavení skupiny" />
      {!data ? (
        <Skeleton height={240} />
      ) : data.groups.length === 0 ? (
        <Alert title="Zatím žádná skupina">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Nejdřív založte skupinu, pak do ní zde vyberete členy.</Text>
            <Button component={Link} to={appPath('groups.create')} size="xs">
              Nová skupina
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Select
            label="Skupina"
            placeholder="Vyberte skupinu"
            searchable
            maw={420}
            data={data.groups.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            value={group ? String(group.id) : null}
            onChange={(value) => setParams(value ? { skupina: value } : {}, { replace: true })}
          />
          {group && <GroupSetup key={group.id} data={data} group={group} onSaved={() => void mutate()} />}
        </>
      )}
    </Stack>
  );
}

function GroupSetup({
  data,
  group,
  onSaved,
}: {
  data: GroupSetupCandidates;
  group: GroupSetupCandidates['groups'][number];
  onSaved: () => void;
}) {
  const flash = useFlash();
  const initial = useMemo(
    () =>
      new Set(data.members.filter((member) => member.groupIds.includes(group.id)).map((member) => member.id)),
    [data, group.id],
  );
  const [selected, setSelected] = useState<Set<number>>(initial);
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const shown = useMemo(() => filterCandidates(data.members, data.groups, filter), [data, filter]);
  const groupNames = useMemo(() => new Map(data.groups.map((item) => [item.id, item.name])), [data.groups]);
  const added = [...selected].filter((id) => !initial.has(id)).length;
  const removed = [...initial].filter((id) => !selected.has(id)).length;
  const overCapacity = group.capacity !== null && selected.size > group.capacity;

  const setMany = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const save = async () => {
    const result = await api.post<GroupMembersSaved>(SAVE_URL, {
      groupId: group.id,
      memberIds: [...selected],
    });
    flash.show({
      message: `Skupina ${group.name} uložena: přidáno ${members(result.added)}, odebráno ${members(result.removed)}.`,
    });
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
            <BusyButton size="xs" onClick={save} disabled={overCapacity || (added === 0 && removed === 0)}>
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
        shown={shown}
        selected={selected}
        groupNames={groupNames}
        onToggle={(id, on) => setMany([id], on)}
      />
    </Stack>
  );
}

function CandidateTable({
  shown,
  selected,
  groupNames,
  onToggle,
}: {
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
            <Table.Th>Nyní ve skupinách</Table.Th>
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
