import type { MyClubTraining } from '@klubovna/shared';
import { czechLongDate, czechTime } from '@klubovna/shared/time/prague';
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

/** `čtvrtek 26. 11. 2026, 16:00–17:30` in Prague time. */
const when = (training: MyClubTraining) =>
  `${czechLongDate(training.startsAt)}, ${czechTime(training.startsAt)}–${czechTime(training.endsAt)}`;

/** The member's groups' next trainings; a cancelled one marked. */
export function NextTrainings({ trainings }: { trainings: MyClubTraining[] }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Nejbližší tréninky
      </Title>
      {trainings.length === 0 ? (
        <Text size="sm" c="dimmed">
          Žádný trénink není naplánovaný.
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none">
          {trainings.map((training) => (
            <List.Item key={training.id}>
              <Group gap="xs" wrap="wrap" align="baseline">
                <Text size="sm" fw={500} td={training.cancelled ? 'line-through' : undefined}>
                  {when(training)}
                </Text>
                {training.cancelled && (
                  <Badge color="red" variant="light" size="sm">
                    Zrušeno
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {[training.groupName, training.place].filter(Boolean).join(' · ')}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
