import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from '../../ui/routing/router.tsx';
import { reportError } from '../error-reporter.ts';

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(message);
}

/** Shown when a screen crashes or its code cannot be loaded (e.g. after a new release). */
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);

  const outdated = isChunkLoadError(error);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1}>{outdated ? 'Je k dispozici nová verze' : 'Něco se pokazilo'}</Title>
        <Text c="dimmed">
          {outdated
            ? 'Administrace byla mezitím aktualizována. Načtěte stránku znovu.'
            : 'Při zobrazení stránky došlo k neočekávané chybě. Zkuste stránku načíst znovu; pokud potíže trvají, kontaktujte správce.'}
        </Text>
        {import.meta.env.DEV && error instanceof Error && <Code block>{error.message}</Code>}
        <Group>
          <Button onClick={() => window.location.reload()}>Načíst znovu</Button>
          <Button variant="default" component={Link} to="/">
            Na úvodní stránku
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
