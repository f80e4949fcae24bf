import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { describeError } from '../../api/describe-error.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';

export function ShellLoading() {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed" role="status">
          Načítání…
        </Text>
      </Stack>
    </Center>
  );
}

export function ShellError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Center mih="100dvh" p="md">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title="Administraci se nepodařilo načíst"
        maw={520}
      >
        <Stack gap="sm">
          <Text size="sm">{describeError(error)}</Text>
          <Group>
            <Button size="xs" onClick={onRetry}>
              Zkusit znovu
            </Button>
            <Button size="xs" variant="default" component={Link} to={appPath('cms.logout')}>
              Odhlásit se
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}

/** A screen the user's roles may not open. */
export function ForbiddenPage() {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <IconLock size={48} aria-hidden />
      <Title order={1} size="h2">
        K této stránce nemáte přístup
      </Title>
      <Text c="dimmed" maw={480}>
        Vaše role k této části administrace nemají oprávnění. Pokud ho potřebujete, požádejte správce klubu.
      </Text>
      <Button component={Link} to="/">
        Na přehled
      </Button>
    </Stack>
  );
}
