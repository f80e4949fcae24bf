import type { HomeItem, HomeTrend } from '@klubovna/shared';
import { addDays, czechDate, czechTime, pragueToday, pragueToUtc } from '@klubovna/shared/time/prague';
import { czechCount } from '@klubovna/shared/validation/czech-messages';
import { trainedGroups } from '../people/index.ts';
import { oncePerRequest, TILE_ITEMS, type TileContext, type TileDeclaration } from './home-tile.ts';

// A trainer's tiles: the trainings of their groups whose attendance waits, and how each group comes.

/** Weeks the attendance trend looks back, this one included. */
export const TREND_WEEKS = 8;

const TRAININGS = { one: 'trénink', few: 'tréninky', many: 'tréninků' };

/** The Monday of the Prague week a date (`2026-11-26`) falls in. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

// Both tiles read the person's groups once per request.
const groupIdsOf = oncePerRequest(
  async ({ db, person }: TileContext): Promise<number[]> =>
    (await trainedGroups(db, person).execute()).map((row: { owner_id: unknown }) => Number(row.owner_id)),
);

const attendanceLink = (id: number) => `/admin/treninky/dochazka?id=${id}`;

/** This week's trainings of the person's groups that have no attendance marked yet. */
export const attendanceToTake: TileDeclaration = {
  key: 'attendance-to-take',
  load: async (context) => {
    const groups = await groupIdsOf(context);
    if (groups.length === 0) return null;
    const monday = weekStart(context.today);
    const rows = await context.db
      .selectFrom('trainings as t')
      .innerJoin('training_groups as g', 'g.id', 't.group_id')
      .select(['t.id', 't.starts_at', 't.ends_at', 'g.name as group_name'])
      .where('t.group_id', 'in', groups)
      .where('t.cancelled', '=', 0)
      .where('t.starts_at', '>=', pragueToUtc(monday, '00:00'))
      .where('t.starts_at', '<', pragueToUtc(addDays(monday, 7), '00:00'))
      // biome-ignore lint/suspicious/noExplicitAny: a subquery over the declared tables
      .where((eb: any) =>
        eb.not(
          eb.exists(eb.selectFrom('attendances as a').select('a.id').whereRef('a.training_id', '=', 't.id')),
        ),
      )
      .orderBy('t.starts_at')
      .execute();
    const now = context.now.getTime();
    const items: HomeItem[] = rows.slice(0, TILE_ITEMS).map((row) => {
      const startsAt = new Date(row.starts_at);
      const ended = new Date(row.ends_at).getTime() <= now;
      const day = pragueToday(startsAt) === context.today ? 'dnes' : czechDate(startsAt);
      return {
        label: String(row.group_name),
        detail: `${day} v ${czechTime(startsAt)}${ended ? ', docházka chybí' : ''}`,
        link: attendanceLink(Number(row.id)),
        tone: ended ? 'warning' : 'neutral',
      };
    });
    return {
      key: 'attendance-to-take',
      title: 'Docházka k zapsání',
      count: rows.length,
      summary:
        rows.length === 0
          ? 'Všechny tréninky tohoto týdne mají docházku zapsanou.'
          : `Tento týden: ${czechCount(rows.length, TRAININGS)} bez docházky.`,
      link: '/admin/treninky/kalendar',
      linkLabel: 'Kalendář tréninků',
      items,
    };
  },
};

/** Each of the person's groups: attendances marked present of all marked, per week, the last weeks. */
export const attendanceTrend: TileDeclaration = {
  key: 'attendance-trend',
  load: async (context) => {
    const groups = await groupIdsOf(context);
    if (groups.length === 0) return null;
    const thisWeek = weekStart(context.today);
    const first = addDays(thisWeek, -7 * (TREND_WEEKS - 1));
    const rows = await context.db
      .selectFrom('trainings as t')
      .innerJoin('training_groups as g', 'g.id', 't.group_id')
      .innerJoin('attendances as a', 'a.training_id', 't.id')
      // biome-ignore lint/suspicious/noExplicitAny: aggregates over the declared tables
      .select((eb: any) => [
        't.group_id',
        'g.name as group_name',
        't.starts_at',
        eb.fn.countAll().as('marked'),
        eb.fn.sum(eb.case().when('a.status', '=', 'PRESENT').then(1).else(0).end()).as('present'),
      ])
      .where('t.group_id', 'in', groups)
      .where('t.starts_at', '>=', pragueToUtc(first, '00:00'))
      .groupBy(['t.id', 't.group_id', 'g.name', 't.starts_at'])
      .execute();
    const trends = new Map<number, HomeTrend>();
    const weeks = Array.from({ length: TREND_WEEKS }, (_, index) => addDays(first, 7 * index));
    for (const row of rows) {
      const groupId = Number(row.group_id);
      let trend = trends.get(groupId);
      if (!trend) {
        trend = {
          groupId,
          groupName: String(row.group_name),
          weeks: weeks.map((week) => ({ week, present: 0, marked: 0 })),
        };
        trends.set(groupId, trend);
      }
      const week = trend.weeks.find(
        (entry) => entry.week === weekStart(pragueToday(new Date(row.starts_at))),
      );
      if (!week) continue;
      week.present += Number(row.present);
      week.marked += Number(row.marked);
    }
    const list = [...trends.values()].sort((a, b) => a.groupName.localeCompare(b.groupName, 'cs'));
    return {
      key: 'attendance-trend',
      title: 'Docházka skupin',
      count: list.length,
      summary:
        list.length === 0
          ? `Za posledních ${TREND_WEEKS} týdnů není u vašich skupin zapsaná žádná docházka.`
          : `Podíl přítomných za posledních ${TREND_WEEKS} týdnů, týden po týdnu.`,
      link: '/admin/treninky/statistiky',
      linkLabel: 'Statistiky docházky',
      items: [],
      trends: list,
    };
  },
};
