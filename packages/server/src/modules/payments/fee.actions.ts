import { API_PATHS, type Money } from '@klubovna/shared';
import { czechCount } from '@klubovna/shared/validation/czech-messages';
import { z } from 'zod';
import type { DynamicDb, EntityAction, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { discountedSiblings, feeMembers } from './fee-targets.ts';
import { createRequests } from './payment.actions.ts';
import { withSymbols } from './payment.rules.ts';
import { createdRequestsAnswer } from './payments.answers.ts';

/** The requests created, with the sentence the fee's form shows. */
const createdOutput = createdRequestsAnswer.extend({ message: z.string() });

/** The club's sibling discount in percent (Konfigurace webu); 0 when none is set. */
async function siblingDiscountPercent(db: DynamicDb): Promise<number> {
  const row = await db
    .selectFrom('web_configurations')
    .select('sibling_discount_percent')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const percent = Number(row?.sibling_discount_percent ?? 0);
  return Number.isInteger(percent) && percent > 0 && percent <= 100 ? percent : 0;
}

const PAYMENTS = { one: 'platba', few: 'platby', many: 'plateb' };
const HAD_IT = { one: 'člen ji už měl', few: 'členové ji už měli', many: 'členů ji už mělo' };

/** „Vytvořeny 3 platby, 1 člen ji už měl.“ */
export function createdMessage(created: number, skipped: number): string {
  const verb = created === 1 ? 'Vytvořena' : created >= 2 && created <= 4 ? 'Vytvořeny' : 'Vytvořeno';
  const made = created === 0 ? 'Žádná nová platba' : `${verb} ${czechCount(created, PAYMENTS)}`;
  return skipped === 0 ? `${made}.` : `${made}, ${czechCount(skipped, HAD_IT)}.`;
}

/** `percent` of an amount in haléře, rounded to the nearest haléř (half up), in integers only. */
export const percentOf = (amount: number, percent: number) => Math.floor((amount * percent + 50) / 100);

const createInput = z.object({});

/**
 * „Vytvořit platby“: one payment request per member the fee targets, through the payments' bulk
 * creation, so that running it again (after a member joins a group) creates only what is missing.
 * Younger siblings (members sharing a guardian) get the club's sibling discount, recorded on the
 * request with its reason.
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
    const members = await feeMembers(db, fee);
    if (members.length === 0) throw fieldError('groups', 'Poplatek necílí na žádného aktivního člena.');
    const amount = fee.amount as Money;
    const percent = await siblingDiscountPercent(db);
    const siblings = percent > 0 ? await discountedSiblings(db, members) : new Set<number>();
    const discount = { amount: percentOf(amount.amount, percent), currency: amount.currency };
    const shared = withSymbols({
      title: fee.title,
      amount,
      dueDate: fee.dueDate,
      specificSymbol: fee.specificSymbol ?? null,
      message: fee.message ?? null,
      fee: fee.id,
    });
    const own = (member: number): Values =>
      siblings.has(member) && discount.amount > 0
        ? {
            amount: { amount: amount.amount - discount.amount, currency: amount.currency },
            discount,
            discountReason: `Sourozenecká sleva ${percent} %`,
          }
        : {};
    const payment = entities.get('payment')!;
    const done = await createRequests(db, userId, payment, members, shared, { fee: Number(fee.id) }, own);
    return { ...done, message: createdMessage(done.created, done.skipped) };
  },
};

export const feeActions = { 'create-payments': createPayments };
