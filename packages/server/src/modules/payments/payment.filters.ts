import type { DeclaredFilter } from '../../engine/declaration/entity.types.ts';
import { OWING_STATES } from './payment-state.ts';

// biome-ignore lint/suspicious/noExplicitAny: conditions over the payments table
type Eb = any;

/** Requests still owed past their due date (the overdue reminder's own condition). */
export const overdueOn = (eb: Eb, today: string) =>
  eb.and([eb('state', 'in', [...OWING_STATES]), eb('due_date', '<', today)]);

export const paymentFilters: Record<string, DeclaredFilter> = {
  due: {
    label: 'Splatnost',
    options: [{ value: 'overdue', label: 'Po splatnosti' }],
    where: (_values, today) => (eb: Eb) => overdueOn(eb, today),
  },
};
