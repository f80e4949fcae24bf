import { addDays } from '@klubovna/shared/time/prague';
import type { DeclaredFilter } from '../../engine/declaration/entity.types.ts';

// biome-ignore lint/suspicious/noExplicitAny: conditions over the declared tables
type Eb = any;

/** Within how many days an ending check is reported. */
export const EXPIRING_DAYS = 30;

/** Checks no later check of the same member replaced: the ones that count. */
const currentChecks = (eb: Eb) =>
  eb(
    'id',
    'not in',
    eb
      .selectFrom('medical_checks as older')
      .innerJoin('medical_checks as newer', (join: Eb) =>
        join
          .onRef('newer.member', '=', 'older.member')
          .on((on: Eb) =>
            on.or([
              on('newer.date', '>', on.ref('older.date')),
              on.and([on('newer.date', '=', on.ref('older.date')), on('newer.id', '>', on.ref('older.id'))]),
            ]),
          ),
      )
      .select('older.id'),
  );

/** A validity column ending within 30 days from today, or already past. */
export const validityConditions = (column: string) => ({
  expiring: (eb: Eb, today: string) =>
    eb.and([eb(column, '>=', today), eb(column, '<=', addDays(today, EXPIRING_DAYS))]),
  expired: (eb: Eb, today: string) => eb(column, '<', today),
});

const validity = validityConditions('valid_until');

export const medicalCheckFilters: Record<string, DeclaredFilter> = {
  validity: {
    label: 'Platnost',
    options: [
      { value: 'expiring', label: `Končí do ${EXPIRING_DAYS} dnů` },
      { value: 'expired', label: 'Prošlé' },
    ],
    // A missing check is no row here: the members list's filter finds the athletes without one.
    elsewhere: [{ label: 'Chybí (závodníci)', alias: 'member', filter: 'medical', value: 'missing' }],
    where: (values, today) => (eb: Eb) =>
      eb.and([
        currentChecks(eb),
        eb.or(values.map((value) => validity[value as keyof typeof validity](eb, today))),
      ]),
  },
};
