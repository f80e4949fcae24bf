import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../ui/routing/router.tsx';
import { BrandMark } from '../brand-mark.tsx';

/** Any unknown /admin path. */
export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md" component="main" id="main-content">
      <Stack align="center" gap="md" maw={480} ta="center">
        <BrandMark size={48} />
        <Text fz={64} fw={800} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>Stránka nenalezena</Title>
        <Text c="dimmed">
          Stránka, kterou hledáte, neexistuje nebo byla přesunuta. Zkontrolujte adresu, případně pokračujte na
          úvodní stránku administrace.
        </Text>
        <Button component={Link} to="/">
          Na úvodní stránku
        </Button>
      </Stack>
    </Center>
  );
}
