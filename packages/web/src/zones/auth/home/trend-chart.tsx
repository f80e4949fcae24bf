import type { HomeTrend } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { Text } from '@mantine/core';
import classes from './home.module.css';

const WIDTH = 160;
const HEIGHT = 40;

const share = (week: HomeTrend['weeks'][number]) =>
  week.marked === 0 ? null : Math.round((100 * week.present) / week.marked);

/** What the chart shows, in words, for a screen reader: each week's share of present, oldest first. */
export function trendDescription(trend: HomeTrend): string {
  const weeks = trend.weeks.map((week) => {
    const value = share(week);
    return `od ${czechDate(week.week)} ${value === null ? 'bez docházky' : `${value} %`}`;
  });
  return `${trend.groupName}, přítomní po týdnech: ${weeks.join('; ')}`;
}

/** A group's attendance, week by week: a bar per week, as high as the share present. */
export function TrendChart({ trend }: { trend: HomeTrend }) {
  const gap = 4;
  const bar = (WIDTH - gap * (trend.weeks.length - 1)) / trend.weeks.length;
  const last = share(trend.weeks[trend.weeks.length - 1]!);
  return (
    <div className={classes.trend}>
      <Text size="sm" fw={500} className={classes.trendName}>
        {trend.groupName}
      </Text>
      <svg
        role="img"
        aria-label={trendDescription(trend)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        className={classes.trendChart}
      >
        {trend.weeks.map((week, index) => {
          const value = share(week);
          const height = value === null ? 2 : Math.max(2, (HEIGHT * value) / 100);
          return (
            <rect
              key={week.week}
              x={index * (bar + gap)}
              y={HEIGHT - height}
              width={bar}
              height={height}
              rx={2}
              className={value === null ? classes.barEmpty : classes.bar}
            />
          );
        })}
      </svg>
      <Text size="sm" c="dimmed" className={classes.trendLast}>
        {last === null ? '–' : `${last} %`}
      </Text>
    </div>
  );
}
