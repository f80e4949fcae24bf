import ical, { ICalEventStatus } from 'ical-generator';
import type { DynamicDb } from '../../engine/records/records.repository.ts';

/** How far back the feed reaches: a calendar app needs the season, not years of history. */
const HISTORY_DAYS = 120;

/** The iCalendar (RFC 5545) text of a group's trainings, cancelled ones marked; undefined for an unknown token. */
export async function calendarFeed(
  db: DynamicDb,
  token: string,
  clubHost: string,
): Promise<string | undefined> {
  const group = await db
    .selectFrom('group_calendars as c')
    .innerJoin('training_groups as g', 'g.id', 'c.group_id')
    .select(['g.id', 'g.name'])
    .where('c.token', '=', token)
    .executeTakeFirst();
  if (!group) return undefined;
  const since = new Date(Date.now() - HISTORY_DAYS * 86_400_000).toISOString();
  const trainings = await db
    .selectFrom('trainings')
    .select([
      'id',
      'starts_at',
      'ends_at',
      'place',
      'description',
      'cancelled',
      'cancel_reason',
      'updated_at',
    ])
    .where('group_id', '=', group.id)
    .where('starts_at', '>=', since)
    .orderBy('starts_at')
    .execute();
  const calendar = ical({
    name: `Tréninky – ${group.name}`,
    prodId: { company: 'Klubovna', product: 'treninky', language: 'CS' },
  });
  for (const training of trainings) {
    const cancelled = Boolean(training.cancelled);
    calendar.createEvent({
      id: `training-${training.id}@${clubHost}`,
      start: new Date(training.starts_at),
      end: new Date(training.ends_at),
      stamp: new Date(training.updated_at),
      summary: cancelled ? `ZRUŠENO: Trénink ${group.name}` : `Trénink ${group.name}`,
      location: training.place ?? null,
      description:
        [
          cancelled && training.cancel_reason ? `Zrušeno: ${training.cancel_reason}` : null,
          training.description,
        ]
          .filter(Boolean)
          .join('\n') || null,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
