import { API_PATHS, type Money } from '@klubovna/shared';
import { czechCount } from '@klubovna/shared/validation/czech-messages';
import { z } from 'zod';
import type { DynamicDb, EntityAction, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { discountedSiblings, feeMembers, trainersChildren } from './fee-targets.ts';
import { instalmentPlan, instalmentValues } from './instalments.ts';
import { createRequests } from './payment.actions.ts';
import { withSymbols } from './payment.rules.ts';
import { createdRequestsAnswer } from './payments.answers.ts';

/** The requests created, with the sentence the fee's form shows. */
const createdOutput = createdRequestsAnswer.extend({ message: z.string() });

/** A percentage as the club set it: 0 unless a whole number from 1 to 100. */
const percentSet = (value: unknown) => {
  const percent = Number(value ?? 0);
  return Number.isInteger(percent) && percent > 0 && percent <= 100 ? percent : 0;
};

/** The club's discounts in percent (Konfigurace webu); 0 when none is set. */
async function clubDiscounts(db: DynamicDb): Promise<{ sibling: number; trainerChild: number }> {
  const row = await db
    .selectFrom('web_configurations')
    .select(['sibling_discount_percent', 'trainer_child_discount_percent'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return {
    sibling: percentSet(row?.sibling_discount_percent),
    trainerChild: percentSet(row?.trainer_child_discount_percent),
  };
}

/**
 * Each discounted member's discount: the larger of the sibling one and the trainer's child one (the
 * sibling one on a tie), never both.
 */
async function memberDiscounts(db: DynamicDb, members: number[]) {
  const percents = await clubDiscounts(db);
  const siblings = percents.sibling > 0 ? await discountedSiblings(db, members) : new Set<number>();
  const children = percents.trainerChild > 0 ? await trainersChildren(db, members) : new Set<number>();
  const discounts = new Map<number, { percent: number; reason: string }>();
  for (const member of children)
    discounts.set(member, {
      percent: percents.trainerChild,
      reason: `Sleva pro dítě trenéra ${percents.trainerChild} %`,
    });
  for (const member of siblings)
    if (percents.sibling >= (discounts.get(member)?.percent ?? 0))
      discounts.set(member, {
        percent: percents.sibling,
        reason: `Sourozenecká sleva ${percents.sibling} %`,
      });
  return discounts;
}

const PAYMENTS = { one: 'platba', few: 'platby', many: 'plateb' };
const HAD_IT = { one: 'člen ji už měl', few: 'členové ji už měli', many: 'členů ji už mělo' };
const HAD_ALL = {
  one: 'člen už měl všechny splátky',
  few: 'členové už měli všechny splátky',
  many: 'členů už mělo všechny splátky',
};

/** „Vytvořeny 3 platby, 1 člen ji už měl.“; with instalments „…, 1 člen už měl všechny splátky.“ */
export function createdMessage(created: number, skipped: number, instalments = 1): string {
  const verb = created === 1 ? 'Vytvořena' : created >= 2 && created <= 4 ? 'Vytvořeny' : 'Vytvořeno';
  const made = created === 0 ? 'Žádná nová platba' : `${verb} ${czechCount(created, PAYMENTS)}`;
  if (skipped === 0) return `${made}.`;
  return `${made}, ${czechCount(skipped, instalments > 1 ? HAD_ALL : HAD_IT)}.`;
}

/** `percent` of an amount in haléře, rounded to the nearest haléř (half up), in integers only. */
export const percentOf = (amount: number, percent: number) => Math.floor((amount * percent + 50) / 100);

const createInput = z.object({});

/**
 * „Vytvořit platby“: one payment request per member the fee targets (one per instalment when it is
 * paid in instalments), through the payments' bulk creation, so that running it again (after a member
 * joins a group) creates only what is missing. Younger siblings and trainers' children get the club's
 * discount, recorded on the request with its reason.
 */
const createPayments: EntityAction<typeof createInput, typeof createdOutput> = {
  label: 'Vytvořit platby',
  path: API_PATHS.recordAction,
  form: true,
  wholeTable: true,
  input: createInput,
  output: createdOutput,
  run: async ({ db, userId, record, entities }) => {
    const fee = record as Values;
    const plan = instalmentPlan(fee);
    const members = await feeMembers(db, fee);
    if (members.length === 0) throw fieldError('groups', 'Poplatek necílí na žádného aktivního člena.');
    const amount = fee.amount as Money;
    const discounts = await memberDiscounts(db, members);
    const base = { title: String(fee.title), dueDate: String(fee.dueDate) };
    const shared = withSymbols({
      ...base,
      amount,
      specificSymbol: fee.specificSymbol ?? null,
      message: fee.message ?? null,
      fee: fee.id,
    });
    const own = (member: number): Values[] => {
      const discount = discounts.get(member);
      const off = discount ? percentOf(amount.amount, discount.percent) : 0;
      if (off === 0) return instalmentValues(plan, base, { amount });
      return instalmentValues(plan, base, {
        amount: { amount: amount.amount - off, currency: amount.currency },
        discount: { amount: off, currency: amount.currency },
        discountReason: discount!.reason,
      });
    };
    const payment = entities.get('payment')!;
    const done = await createRequests(db, userId, payment, members, shared, { fee: Number(fee.id) }, own);
    return { ...done, message: createdMessage(done.created, done.skipped, plan.count) };
  },
};

export const feeActions = { 'create-payments': createPayments };
