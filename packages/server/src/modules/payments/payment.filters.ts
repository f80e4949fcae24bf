import type { DeclaredFilter } from '../../engine/declaration/entity.types.ts';
import { OWING_STATES } from './payment-state.ts';

// biome-ignore lint/suspicious/noExplicitAny: conditions over the payments table
type Eb = any;

/** Requests still owed past their due date (the overdue reminder's own condition). */
export const overdueOn = (eb: Eb, today: string) =>
  eb.and([eb('state', 'in', [...OWING_STATES]), eb('due_date', '<', today)]);

/** Requests of members who are in one of the groups on `today` (their membership begun and not ended). */
const ofGroupMembers = (eb: Eb, groups: readonly string[], today: string) =>
  eb(
    'member',
    'in',
    eb
      .selectFrom('group_members')
      .select('member_id')
      .where('group_id', 'in', groups.map(Number))
      .where((inner: Eb) => inner.or([inner('valid_from', 'is', null), inner('valid_from', '<=', today)]))
      .where((inner: Eb) => inner.or([inner('valid_to', 'is', null), inner('valid_to', '>=', today)])),
  );

/** The list's filter of the overdue requests: `filter[due]=overdue`. */
export const OVERDUE_FILTER = { name: 'due', value: 'overdue' } as const;

export const paymentFilters: Record<string, DeclaredFilter> = {
  [OVERDUE_FILTER.name]: {
    label: 'Splatnost',
    options: [{ value: OVERDUE_FILTER.value, label: 'Po splatnosti' }],
    where: (_values, today) => (eb: Eb) => overdueOn(eb, today),
  },
  // The treasurer's overdue list of one group: its members' requests, whatever group the fee was for.
  group: {
    label: 'Skupina',
    relation: 'group',
    where: (groups, today) => (eb: Eb) => ofGroupMembers(eb, groups, today),
  },
};
