import { ROLE_LABELS } from '@klubovna/shared';
import { czechLongDate, pragueHour } from '@klubovna/shared/time/prague';
import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconKey, IconLayoutDashboard, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../api/use-current-user.ts';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { useNavigationGroups } from '../../../ui/navigation/navigation-context.ts';
import { zoneIcon } from '../../../ui/navigation/zone-icons.tsx';
import { CHANGE_PASSWORD_ANCHOR } from '../components/profile-anchors.ts';

function greeting(hour: number): string {
  if (hour < 9) return 'Dobré ráno';
  if (hour >= 18) return 'Dobrý večer';
  return 'Dobrý den';
}

/** The CMS index: a greeting and a tile for each zone the user may open. */
export function CmsIndexPage() {
  const { user } = useCurrentUser();
  const groups = useNavigationGroups();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email;

  return (
    <Stack gap="xl">
      <div>
        <Text c="dimmed" size="sm" tt="capitalize">
          {czechLongDate(new Date())}
        </Text>
        <Title order={1} mt={4}>
          {greeting(pragueHour())}
          {name ? `, ${name}` : ''}
        </Title>
        {user && user.roles.length > 0 && (
          <Group gap="xs" mt="sm" aria-label="Vaše role">
            {user.roles.map((role) => (
              <Badge key={role} variant="light">
                {ROLE_LABELS[role]}
              </Badge>
            ))}
          </Group>
        )}
      </div>

      <section aria-labelledby="zones-title">
        <Title order={2} size="h3" mb="md" id="zones-title">
          Sekce administrace
        </Title>
        {groups.length === 0 ? (
          <Paper withBorder radius="md" p="xl" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" mx="auto" mb="md" aria-hidden>
              <IconLayoutDashboard size={30} />
            </ThemeIcon>
            <Title order={3} size="h4">
              Zatím tu pro vás nejsou žádné sekce
            </Title>
            <Text c="dimmed" mt="xs" maw={520} mx="auto">
              Správa členů, tréninků, závodů, obsahu, uživatelů a webu se zde objeví, jakmile bude
              zpřístupněna a vaše role k ní budou mít oprávnění.
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {groups.map((group) => {
              const Icon = zoneIcon(group.zone);
              return (
                <Card key={group.zone} withBorder radius="md" padding="lg" component="article">
                  <Group gap="sm" mb="sm">
                    <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                      <Icon size={22} />
                    </ThemeIcon>
                    <Title order={3} size="h4">
                      {group.label}
                    </Title>
                  </Group>
                  <List spacing={4} listStyleType="none">
                    {group.items.map((item) => (
                      <List.Item key={item.name}>
                        <Anchor component={Link} to={item.to}>
                          {item.title}
                        </Anchor>
                      </List.Item>
                    ))}
                  </List>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="account-title">
        <Title order={2} size="h3" mb="md" id="account-title">
          Váš účet
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <AccountTile
            icon={<IconUserCircle size={22} />}
            title="Můj profil"
            text="Jméno a e-mail pro přihlášení."
            to={appPath('cms.userProfile')}
          />
          <AccountTile
            icon={<IconKey size={22} />}
            title="Změna hesla"
            text="Nové heslo ukončí přihlášení na ostatních zařízeních."
            to={`${appPath('cms.userProfile')}#${CHANGE_PASSWORD_ANCHOR}`}
          />
        </SimpleGrid>
      </section>
    </Stack>
  );
}

function AccountTile({
  icon,
  title,
  text,
  to,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  to: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={to}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
