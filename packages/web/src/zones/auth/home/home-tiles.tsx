import { API_PATHS, type Home } from '@klubovna/shared';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import useSWR from 'swr';
import { usePrefetchedInCache } from '../../../api/prefetch-store.ts';
import { HomeTileCard } from './home-tile-card.tsx';

const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** What needs doing, tile by tile, as the server finds it for the signed-in person. */
export function HomeTiles() {
  return (
    <section aria-labelledby="home-title">
      <Title order={2} size="h3" mb="md" id="home-title">
        Co je potřeba udělat
      </Title>
      <HomeTileGrid />
    </section>
  );
}

function HomeTileGrid() {
  // The answer the page named and the screen asked for while its code loaded is the fresh one: not
  // asked for again when the tiles mount.
  const prefetched = usePrefetchedInCache(API_PATHS.home);
  const { data, error, mutate } = useSWR<Home>(
    API_PATHS.home,
    prefetched ? { revalidateOnMount: false } : {},
  );
  if (error)
    return (
      <Alert color="red" title="Přehled se nepodařilo načíst">
        <Button variant="light" color="red" mt="sm" onClick={() => void mutate()}>
          Zkusit znovu
        </Button>
      </Alert>
    );
  if (!data)
    return (
      <SimpleGrid cols={GRID} spacing="lg" aria-busy="true" aria-label="Načítám přehled">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (data.tiles.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" mx="auto" mb="md" aria-hidden>
          <IconChecklist size={30} />
        </ThemeIcon>
        <Title order={3} size="h4">
          Nic nečeká na vyřízení
        </Title>
        <Text c="dimmed" mt="xs" maw={520} mx="auto">
          Sekce, ve kterých pracujete, najdete v menu.
        </Text>
      </Paper>
    );
  return (
    <SimpleGrid cols={GRID} spacing="lg">
      {data.tiles.map((tile) => (
        <HomeTileCard key={tile.key} tile={tile} />
      ))}
    </SimpleGrid>
  );
}
