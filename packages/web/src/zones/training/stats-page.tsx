import { type AttendanceStats, EXPORT_FORMATS, serializeQuery } from '@klubovna/shared';
import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import { DATE_RANGE, recordRuleErrors } from '@klubovna/shared/validation/record-rules';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import useSWR from 'swr';
import { describeError } from '../../api/describe-error.ts';
import { CzechDateInput } from '../../engine/kinds/date/czech-date-input.tsx';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { action, useGroupOptions, useQueryParams } from './training-api.ts';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);

/** A group's attendance over a date range: the share present per member as bars, and the export. */
export function StatsPage() {
  const [params, change] = useQueryParams();
  const today = pragueToday();
  const groupId = params.get('skupina');
  const from = params.get('od') ?? addDays(today, -90);
  const to = params.get('do') ?? today;
  const { data: groups } = useGroupOptions();
  const rangeError = recordRuleErrors(DATE_RANGE, { from, to })[0]?.message;
  const query = groupId && from && to && !rangeError ? { groupId, from, to } : null;
  const { data, error } = useSWR<AttendanceStats>(query ? [action('attendance', 'stats'), query] : null);

  return (
    <Stack gap="lg">
      <PageHeader title="Statistiky docházky" />
      <Group align="flex-end" gap="sm">
        <Select
          label="Skupina"
          placeholder="Vyberte skupinu"
          searchable
          w={260}
          data={(groups ?? []).map((group) => ({ value: String(group.value), label: group.label }))}
          value={groupId}
          onChange={(value) => change({ skupina: value })}
        />
        <CzechDateInput label="Od" w={150} value={from} onChange={(value) => change({ od: value })} />
        <CzechDateInput label="Do" w={150} value={to} onChange={(value) => change({ do: value })} />
      </Group>
      {rangeError && <Alert color="red">{rangeError}</Alert>}
      {!groupId ? (
        <Text size="sm">Vyberte skupinu a období.</Text>
      ) : error ? (
        <Alert color="red">{describeError(error)}</Alert>
      ) : !data ? (
        query && <Skeleton height={240} />
      ) : (
        <StatsTable stats={data} />
      )}
    </Stack>
  );
}

function StatsTable({ stats }: { stats: AttendanceStats }) {
  const exportUrl = (format: string) =>
    `${action('attendance', 'export')}${serializeQuery({ groupId: stats.group.id, from: stats.from, to: stats.to, format })}`;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} maw={640}>
        <Paper withBorder p="sm">
          <Text size="sm">Tréninků</Text>
          <Text fz={24} fw={700}>
            {stats.trainings}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm">Účast skupiny</Text>
          <Text fz={24} fw={700}>
            {percent(stats.share)}
          </Text>
        </Paper>
      </SimpleGrid>
      <Group gap="xs">
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            component="a"
            href={exportUrl(format)}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Stáhnout {format.toUpperCase()}
          </Button>
        ))}
      </Group>
      {stats.members.length === 0 ? (
        <Alert>V tomto období nebyl ve skupině nikdo.</Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={`Docházka skupiny ${stats.group.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Člen</Table.Th>
                <Table.Th w="40%">Účast</Table.Th>
                <Table.Th ta="right">Přítomen</Table.Th>
                <Table.Th ta="right">Omluven</Table.Th>
                <Table.Th ta="right">Nepřítomen</Table.Th>
                <Table.Th ta="right">Nezapsáno</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.members.map((member) => (
                <Table.Tr key={member.memberId}>
                  <Table.Td>
                    {member.lastName} {member.firstName}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={(member.share ?? 0) * 100}
                        flex={1}
                        aria-label={`Účast ${member.lastName} ${member.firstName}`}
                      />
                      <Text size="sm" w={48} ta="right">
                        {percent(member.share)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{member.present}</Table.Td>
                  <Table.Td ta="right">{member.excused}</Table.Td>
                  <Table.Td ta="right">{member.absent}</Table.Td>
                  <Table.Td ta="right">{member.unmarked}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
