import type { CalendarTraining } from '@klubovna/shared';
import { addDays, czechDate, czechTime, pragueParts, pragueToday } from '@klubovna/shared/time/prague';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import useSWR from 'swr';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { action, mondayOf, useGroupOptions, useQueryParams, WEEKDAYS } from './training-api.ts';

/** A week of trainings, a column per day, each in its category's colour; `?tyden=` and `?skupina=` in the address. */
export function WeekCalendarPage() {
  const [params, change] = useQueryParams();
  const today = pragueToday();
  const monday = mondayOf(params.get('tyden') ?? today);
  const groupId = params.get('skupina');
  const { data: groups } = useGroupOptions();
  const { data } = useSWR<CalendarTraining[]>([
    action('training', 'calendar'),
    { from: monday, days: 7, ...(groupId ? { groupId } : {}) },
  ]);
  const days = WEEKDAYS.map((label, index) => ({ label, day: addDays(monday, index) }));

  return (
    <Stack gap="lg">
      <PageHeader title="Kalendář tréninků" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="xs" align="center">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Předchozí týden"
            onClick={() => change({ tyden: addDays(monday, -7) })}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Text fw={600} aria-live="polite">
            {czechDate(monday)} – {czechDate(addDays(monday, 6))}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Další týden"
            onClick={() => change({ tyden: addDays(monday, 7) })}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <Button variant="subtle" size="xs" onClick={() => change({ tyden: null })}>
            Tento týden
          </Button>
        </Group>
        <Select
          label="Skupina"
          placeholder="Všechny skupiny"
          clearable
          searchable
          w={260}
          data={(groups ?? []).map((group) => ({ value: String(group.value), label: group.label }))}
          value={groupId}
          onChange={(value) => change({ skupina: value })}
        />
      </Group>
      {!data ? (
        <Skeleton height={320} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 7 }} spacing="xs">
          {days.map(({ label, day }) => {
            const trainings = data.filter((training) => pragueParts(training.startsAt).date === day);
            return (
              <Paper
                key={day}
                withBorder
                p="xs"
                mih={120}
                component="section"
                aria-label={`${label} ${czechDate(day)}`}
              >
                <Text size="sm" fw={day === today ? 700 : 500} mb={6}>
                  {label} {czechDate(day).slice(0, -5)}
                </Text>
                <Stack gap={6}>
                  {trainings.length === 0 && (
                    <Text size="xs" c="dimmed">
                      Bez tréninku
                    </Text>
                  )}
                  {trainings.map((training) => (
                    <TrainingCard key={training.id} training={training} />
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {data && data.length === 0 && (
        <Text size="sm">
          Tento týden nejsou žádné tréninky.{' '}
          <Anchor component={Link} underline="always" to={appPath('trainings.series')}>
            Vytvořit sérii tréninků
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

function TrainingCard({ training }: { training: CalendarTraining }) {
  return (
    <UnstyledButton
      component={Link}
      to={appPath('training.edit', { id: training.id })}
      p={6}
      style={{
        borderInlineStart: `4px solid ${training.color ?? 'var(--mantine-color-gray-5)'}`,
        borderRadius: 4,
        background: 'var(--mantine-color-default-hover)',
        textDecoration: training.cancelled ? 'line-through' : undefined,
      }}
    >
      <Text size="sm" fw={600}>
        {czechTime(training.startsAt)}–{czechTime(training.endsAt)}
      </Text>
      <Text size="sm">{training.groupName}</Text>
      {training.place && <Text size="xs">{training.place}</Text>}
      {training.cancelled && (
        <Badge size="xs" color="gray" mt={2}>
          Zrušeno
        </Badge>
      )}
    </UnstyledButton>
  );
}
