import type { Money } from '@klubovna/shared';
import { addMonths } from '@klubovna/shared/time/prague';
import type { EntityHooks, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';

/** Haléře split into `parts` integer shares that sum exactly to them; the remainder goes on the first. */
export function splitAmount(amount: number, parts: number): number[] {
  const share = Math.floor(amount / parts);
  return Array.from({ length: parts }, (_, index) => (index === 0 ? amount - share * (parts - 1) : share));
}

/** „z“ or „ze“ before a count of instalments as it is read: ze tří, z pěti, ze šesti. */
const fromCount = (count: number) => ([2, 3, 4, 6, 7].includes(count) ? 'ze' : 'z');

/** „ – 1. splátka ze 3“: what an instalment's request adds to the fee's title. */
export const instalmentSuffix = (index: number, count: number) =>
  ` – ${index}. splátka ${fromCount(count)} ${count}`;

/** The longest fee title whose instalments' titles still fit a request's 200 characters. */
export const instalmentTitleLimit = (count: number) => 200 - instalmentSuffix(count, count).length;

/** How a fee is paid: in `count` instalments, each due `months` months after the one before. */
export interface InstalmentPlan {
  count: number;
  months: number;
}

/**
 * How the fee is paid (no instalments: one request), refused in Czech when its instalments cannot be
 * made: a title too long for their titles, an amount below a haléř an instalment.
 */
export function instalmentPlan(fee: Values): InstalmentPlan {
  const plan = { count: Number(fee.instalments ?? 1) || 1, months: Number(fee.instalmentMonths ?? 1) || 1 };
  if (plan.count <= 1) return plan;
  const limit = instalmentTitleLimit(plan.count);
  if (String(fee.title ?? '').length > limit)
    throw fieldError('title', `Název poplatku ve splátkách smí mít nejvýše ${limit} znaků.`);
  if (((fee.amount as Money | null)?.amount ?? 0) < plan.count)
    throw fieldError('instalments', 'Částku nelze rozdělit na tolik splátek.');
  return plan;
}

/** A fee is saved only with instalments its requests can be made of. */
export const feeHooks: EntityHooks = {
  beforeCreate: ({ data }) => {
    instalmentPlan(data);
    return data;
  },
  beforeUpdate: ({ data }) => {
    instalmentPlan(data);
    return data;
  },
};

/**
 * A member's requests of a fee: one as it is, or one per instalment with its number, its share of
 * the amount and of the discount, its due date and its title.
 */
export function instalmentValues(
  plan: InstalmentPlan,
  base: { title: string; dueDate: string },
  own: Values & { amount: Money; discount?: Money },
): Values[] {
  if (plan.count <= 1) return [{ ...own }];
  const amounts = splitAmount(own.amount.amount, plan.count);
  const discounts = own.discount ? splitAmount(own.discount.amount, plan.count) : [];
  return amounts.map((amount, index) => ({
    ...own,
    instalment: index + 1,
    title: `${base.title}${instalmentSuffix(index + 1, plan.count)}`,
    dueDate: addMonths(base.dueDate, index * plan.months),
    amount: { amount, currency: own.amount.currency },
    ...(own.discount ? { discount: { amount: discounts[index]!, currency: own.discount.currency } } : {}),
  }));
}
