import { API_PATHS, can, type RaceEntryRow } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';

const dates = (row: RaceEntryRow) =>
  row.dateTo && row.dateTo !== row.dateFrom
    ? `${czechDate(row.dateFrom)} – ${czechDate(row.dateTo)}`
    : czechDate(row.dateFrom);

/** The races a member started in, newest first, with category and result. */
export function MemberRacesPanel({ memberId }: { memberId: number }) {
  const { roles } = useCurrentUser();
  const allowed = can(roles, 'races', 'read');
  const { data } = useSWR<RaceEntryRow[]>(allowed ? [API_PATHS.memberRaces, { memberId }] : null);
  if (!allowed) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="member-races">
      <Stack gap="sm">
        <Title order={2} size="h3" id="member-races">
          Závody
        </Title>
        {!data ? (
          <Skeleton h={80} />
        ) : data.length === 0 ? (
          <Text c="dimmed">Člen zatím nezávodil.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-label="Závody člena">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Datum</Table.Th>
                  <Table.Th>Závod</Table.Th>
                  <Table.Th>Kategorie</Table.Th>
                  <Table.Th>Čas</Table.Th>
                  <Table.Th>Umístění</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{dates(row)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={appPath('race.edit', { id: row.raceId })}>
                        {row.raceName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.category ?? '–'}</Table.Td>
                    <Table.Td>{row.resultTime ?? '–'}</Table.Td>
                    <Table.Td>{row.resultPlace === null ? '–' : `${row.resultPlace}.`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
