import { ROLE_LABELS } from '@klubovna/shared';
import { czechLongDate, pragueHour } from '@klubovna/shared/time/prague';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey, IconUserCircle } from '@tabler/icons-react';
import { useCurrentUser } from '../../../api/use-current-user.ts';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { Link } from '../../../ui/routing/router.tsx';
import { CHANGE_PASSWORD_ANCHOR } from '../components/profile-anchors.ts';
import { HomeTiles } from '../home/home-tiles.tsx';

function greeting(hour: number): string {
  if (hour < 9) return 'Dobré ráno';
  if (hour >= 18) return 'Dobrý večer';
  return 'Dobrý den';
}

/** The CMS index, everyone's home screen: a greeting, what needs doing, the account. */
export function CmsIndexPage() {
  const { user } = useCurrentUser();
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

      <HomeTiles />

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
