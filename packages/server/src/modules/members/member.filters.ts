import type { DeclaredFilter } from '../../engine/declaration/entity.types.ts';
import { EXPIRING_DAYS, validityConditions } from '../medical/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: conditions over the members table
type Eb = any;

/** A member competing today: registered as a competing athlete from a day not after today, not ended. */
export const competingOn = (eb: Eb, today: string) =>
  eb.and([
    eb('competing_from', '<=', today),
    eb.or([eb('competing_to', 'is', null), eb('competing_to', '>=', today)]),
  ]);

const validity = validityConditions('medical_valid_until');

const MEDICAL: Record<string, (eb: Eb, today: string) => unknown> = {
  ...validity,
  // A competing athlete with no valid check: none at all, or one that ended.
  missing: (eb, today) =>
    eb.and([
      competingOn(eb, today),
      eb.or([eb('medical_valid_until', 'is', null), eb('medical_valid_until', '<', today)]),
    ]),
};

export const memberFilters: Record<string, DeclaredFilter> = {
  medical: {
    label: 'Lékařská prohlídka',
    options: [
      { value: 'expiring', label: `Končí do ${EXPIRING_DAYS} dnů` },
      { value: 'expired', label: 'Prošlá' },
      { value: 'missing', label: 'Chybí (závodníci)' },
    ],
    where: (values, today) => (eb: Eb) => eb.or(values.map((value) => MEDICAL[value]!(eb, today))),
  },
};
