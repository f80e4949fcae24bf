import { Box, Center, Container, Group, Stack, Text } from '@mantine/core';
import { Outlet } from '../ui/routing/router.tsx';
import { BrandMark } from './brand-mark.tsx';
import classes from './layout.module.css';
import { SkipLink } from './skip-link.tsx';

/** The frame of the sign-in pages: brand, one centred card, nothing else to load. */
export function PublicLayout() {
  return (
    <Box className={classes.publicPage}>
      <SkipLink />
      <Center mih="100dvh" px="md" py="xl">
        <Container size={440} w="100%" p={0}>
          <Stack gap="lg" align="center">
            <Group gap="sm" component="header">
              <BrandMark size={40} />
              <Stack gap={0}>
                <Text fw={700} size="xl" lh={1.1}>
                  Klubovna
                </Text>
                <Text size="sm" c="dimmed">
                  Administrace sportovního klubu
                </Text>
              </Stack>
            </Group>
            <Box component="main" id="main-content" tabIndex={-1} w="100%" className={classes.main}>
              <Outlet />
            </Box>
            <Text size="xs" c="dimmed" ta="center">
              Potíže s přihlášením? Obraťte se na správce klubu.
            </Text>
          </Stack>
        </Container>
      </Center>
    </Box>
  );
}
