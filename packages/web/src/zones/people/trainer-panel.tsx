import type { MyClub, RouteName } from '@klubovna/shared';
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarWeek, IconChecklist, IconRun } from '@tabler/icons-react';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';

const TOOLS: Array<{ route: RouteName; label: string; icon: typeof IconRun }> = [
  { route: 'trainings.attendance', label: 'Docházka', icon: IconChecklist },
  { route: 'training.list', label: 'Tréninky', icon: IconRun },
  { route: 'trainings.calendar', label: 'Kalendář tréninků', icon: IconCalendarWeek },
];

/** A trainer's way to their work: the groups they train and the trainer's screens. */
export function TrainerPanel({ groups }: { groups: MyClub['trains'] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="trains">
      <Stack gap="sm">
        <Title order={2} size="h3" id="trains">
          Trénujete
        </Title>
        <List spacing={4} listStyleType="none" aria-label="Skupiny, které trénujete">
          {groups.map((group) => (
            <List.Item key={group.id}>
              <Anchor component={Link} to={appPath('group.edit', { id: group.id })}>
                {group.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Tréninky a docházka vašich skupin:
        </Text>
        <Group gap="sm">
          {TOOLS.map(({ route, label, icon: Icon }) => (
            <Button
              key={route}
              component={Link}
              to={appPath(route)}
              variant="light"
              leftSection={<Icon size={18} aria-hidden />}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
