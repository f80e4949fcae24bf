import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceSheet,
  type AttendanceStatus,
  type CalendarTraining,
} from '@klubovna/shared';
import { addDays, czechLongDate, czechTime, pragueToday } from '@klubovna/shared/time/prague';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { describeError } from '../../api/describe-error.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link, useSearchParams } from '../../ui/routing/router.tsx';
import classes from './attendance-page.module.css';
import { action } from './training-api.ts';

const NOT_MARKED = 'NONE';
/** Dark enough for the white label of the chosen segment (at least 4.5:1) in both schemes. */
const STATUS_COLORS: Record<AttendanceStatus, string> = {
  PRESENT: '#1e6b30',
  ABSENT: '#b02a2a',
  EXCUSED: '#8a5a00',
};

/** Attendance: the recent trainings to choose from, or one training's sheet (`?id=`). */
export function AttendancePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  return id ? <TrainingSheet id={id} /> : <RecentTrainings />;
}

/** Trainings of the last two weeks and the next few days, newest first, each opening its sheet. */
function RecentTrainings() {
  const today = pragueToday();
  const { data } = useSWR<CalendarTraining[]>([
    action('training', 'calendar'),
    { from: addDays(today, -14), days: 18 },
  ]);
  return (
    <Stack gap="lg">
      <PageHeader title="Docházka" />
      <Text size="sm">Vyberte trénink a zapisujte docházku klepnutím u každého člena; ukládá se hned.</Text>
      {!data ? (
        <Skeleton height={200} />
      ) : data.length === 0 ? (
        <Alert color="gray" title="Žádné tréninky">
          Za poslední dva týdny a na nejbližší dny nejsou naplánované žádné tréninky.{' '}
          <Anchor component={Link} underline="always" to={appPath('trainings.series')}>
            Vytvořit sérii tréninků
          </Anchor>
        </Alert>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {[...data].reverse().map((training) => (
            <li key={training.id}>
              <Button
                component={Link}
                to={appPath('trainings.attendance', { id: training.id })}
                variant="default"
                fullWidth
                justify="space-between"
                h="auto"
                py="xs"
                rightSection={training.cancelled ? <Badge color="gray">Zrušeno</Badge> : undefined}
              >
                <span>
                  {training.groupName} · {czechLongDate(training.startsAt)} {czechTime(training.startsAt)}
                </span>
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TrainingSheet({ id }: { id: number }) {
  const { data, error, mutate } = useSWR<AttendanceSheet>([
    action('attendance', 'sheet'),
    { trainingId: id },
  ]);
  const back = { label: 'Docházka', to: appPath('trainings.attendance') };
  if (error)
    return (
      <Stack gap="lg">
        <PageHeader title="Docházka" back={back} />
        <Alert color="red">{describeError(error)}</Alert>
      </Stack>
    );
  if (!data)
    return (
      <Stack gap="lg" aria-busy="true">
        <PageHeader title="Docházka" back={back} />
        <Skeleton height={300} />
      </Stack>
    );
  const { training } = data;
  const present = data.members.filter((member) => member.status === 'PRESENT').length;
  return (
    <Stack gap="md">
      <PageHeader title={`Docházka: ${training.groupName}`} back={back} />
      <Text>
        {czechLongDate(training.startsAt)}, {czechTime(training.startsAt)}–{czechTime(training.endsAt)}
        {training.place && ` · ${training.place}`}
      </Text>
      {training.cancelled && (
        <Alert color="yellow" title="Trénink je zrušený">
          {training.cancelReason ?? 'Docházku lze přesto zapsat.'}
        </Alert>
      )}
      <Text size="sm" aria-live="polite">
        Přítomno {present} z {data.members.length}
      </Text>
      {data.members.length === 0 ? (
        <Alert>Ve skupině v den tréninku nikdo není. Členy přidáte hromadným nastavením skupiny.</Alert>
      ) : (
        <Stack gap="xs">
          {data.members.map((member) => (
            <MemberMark
              key={member.memberId}
              trainingId={training.id}
              member={member}
              onSaved={() => void mutate()}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function MemberMark({
  trainingId,
  member,
  onSaved,
}: {
  trainingId: number;
  member: AttendanceSheet['members'][number];
  onSaved: () => void;
}) {
  const flash = useFlash();
  const [status, setStatus] = useState<string>(member.status ?? NOT_MARKED);
  const name = `${member.lastName} ${member.firstName}`;
  const mark = async (next: string) => {
    const previous = status;
    setStatus(next);
    try {
      await api.post(action('attendance', 'mark'), {
        trainingId,
        memberId: member.memberId,
        status: next === NOT_MARKED ? null : next,
      });
      onSaved();
    } catch (error) {
      setStatus(previous);
      flash.show({ variant: 'error', message: `${name}: ${describeError(error)}` });
    }
  };
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={500} id={`attendance-${member.memberId}`}>
          {name}
        </Text>
        <SegmentedControl
          aria-labelledby={`attendance-${member.memberId}`}
          value={status}
          onChange={(value) => void mark(value)}
          color={status in STATUS_COLORS ? STATUS_COLORS[status as AttendanceStatus] : undefined}
          data={[
            ...ATTENDANCE_STATUSES.map((value) => ({ value, label: ATTENDANCE_LABELS[value] })),
            {
              value: NOT_MARKED,
              label: (
                <>
                  <span aria-hidden="true">—</span>
                  <VisuallyHidden>Nezapsáno</VisuallyHidden>
                </>
              ),
            },
          ]}
          size="sm"
          classNames={{ root: classes.root, control: classes.control, label: classes.label }}
        />
      </Group>
    </Paper>
  );
}
