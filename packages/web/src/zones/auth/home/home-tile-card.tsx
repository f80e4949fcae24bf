import { formatMoney, type HomeItem, type HomeTile } from '@klubovna/shared';
import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { routerPath } from '../../../ui/navigation/app-path.ts';
import { Link } from '../../../ui/routing/router.tsx';
import classes from './home.module.css';
import { TrendChart } from './trend-chart.tsx';

const TONE_CLASS = { neutral: undefined, warning: classes.warning, danger: classes.danger } as const;
const TONE_WORD = { neutral: '', warning: 'Pozor: ', danger: 'Po splatnosti: ' } as const;

function TileItem({ item }: { item: HomeItem }) {
  const label = item.link ? (
    <Anchor component={Link} to={routerPath(item.link)} fw={500}>
      {item.label}
    </Anchor>
  ) : (
    <Text span fw={500}>
      {item.label}
    </Text>
  );
  return (
    <li className={[classes.item, TONE_CLASS[item.tone]].filter(Boolean).join(' ')}>
      {item.tone !== 'neutral' && <VisuallyHidden>{TONE_WORD[item.tone]}</VisuallyHidden>}
      {label}
      <Text span size="sm" c="dimmed">
        {item.detail}
      </Text>
    </li>
  );
}

/** One tile of the home screen: its count, what it means, the first records and the list behind it. */
export function HomeTileCard({ tile }: { tile: HomeTile }) {
  const headingId = useId();
  const more = tile.count - tile.items.length;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      className={classes.tile}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {tile.title}
        </Title>
        {tile.items.length > 0 && (
          <Badge size="lg" variant="light" aria-hidden>
            {tile.count}
          </Badge>
        )}
      </Group>
      <Text size="sm">{tile.summary}</Text>
      {tile.amounts && tile.amounts.length > 0 && tile.count > 0 && (
        <Text fw={700} size="lg">
          {tile.amounts.map((money) => formatMoney(money.amount, money.currency)).join(' + ')}
        </Text>
      )}
      {tile.items.length > 0 && (
        <ul className={classes.items}>
          {tile.items.map((item) => (
            <TileItem key={`${item.label} ${item.detail}`} item={item} />
          ))}
        </ul>
      )}
      {tile.trends && tile.trends.length > 0 && (
        <Stack gap={6}>
          {tile.trends.map((trend) => (
            <TrendChart key={trend.groupId} trend={trend} />
          ))}
        </Stack>
      )}
      {more > 0 && (
        <Text size="sm" c="dimmed">
          a {more} {more >= 5 ? 'dalších' : 'další'}
        </Text>
      )}
      {tile.link && tile.linkLabel && (
        <Anchor component={Link} to={routerPath(tile.link)} size="sm" className={classes.footer}>
          <Group gap={4} component="span" wrap="nowrap">
            {tile.linkLabel}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
    </Card>
  );
}
