import type { PlannedTraining, SkippedDate, TrainingSeriesPlan } from '@klubovna/shared';
import { addDays, pragueToUtc } from '@klubovna/shared/time/prague';
import type HolidaysType from 'date-holidays';

export interface SeriesPlanInput {
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdays: number[];
  from: string;
  to: string;
  /** Prague wall-clock `HH:MM`. */
  startTime: string;
  endTime: string;
  skipHolidays: boolean;
  /** Dates left out on purpose (school trips, the hall closed…). */
  skipDates: string[];
}

// The holiday rules of every country load in ~0.1 s: at the first series, not at every start.
let czechHolidays: Promise<HolidaysType> | undefined;
const holidaysByYear = new Map<number, Map<string, string>>();

/** Czech public holidays of a year (Easter Friday and Monday included), by ISO date. */
async function publicHolidays(year: number): Promise<Map<string, string>> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    czechHolidays ??= import('date-holidays').then(({ default: Holidays }) => new Holidays('CZ'));
    holidays = new Map(
      (await czechHolidays)
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => [holiday.date.slice(0, 10), holiday.name]),
    );
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

/** The Czech public holiday on an ISO date, if any. */
export async function holidayOn(date: string): Promise<string | undefined> {
  return (await publicHolidays(Number(date.slice(0, 4)))).get(date);
}

/** Every date of the range on the chosen weekdays, with the holidays and listed dates set aside. */
export async function planSeries(input: SeriesPlanInput): Promise<Omit<TrainingSeriesPlan, 'created'>> {
  const trainings: PlannedTraining[] = [];
  const skipped: SkippedDate[] = [];
  const listed = new Set(input.skipDates);
  const weekdays = new Set(input.weekdays);
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    const isoWeekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    if (!weekdays.has(isoWeekday)) continue;
    const holiday = input.skipHolidays ? await holidayOn(date) : undefined;
    if (holiday) skipped.push({ date, reason: `Státní svátek: ${holiday}` });
    else if (listed.has(date)) skipped.push({ date, reason: 'Vynecháno podle seznamu' });
    else
      trainings.push({
        date,
        startsAt: pragueToUtc(date, input.startTime),
        endsAt: pragueToUtc(date, input.endTime),
      });
  }
  return { trainings, skipped };
}
