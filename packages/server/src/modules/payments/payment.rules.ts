import type { Money } from '@klubovna/shared';
import type { DynamicDb, EntityHooks, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { type ClubAccount, findClubAccount, paymentSpayd } from './club-account.ts';
import { paymentState } from './payment-state.ts';
import { nextVariableSymbols, normalizedSymbol } from './variable-symbol.ts';

const SYMBOL = /^\d{1,10}$/;

/** Symbols as banks compare them (no spaces, no leading zeros), refused unless up to 10 digits. */
export function withSymbols(data: Values): Values {
  const values = { ...data };
  for (const [field, label] of [
    ['variableSymbol', 'Variabilní symbol'],
    ['specificSymbol', 'Specifický symbol'],
  ] as const) {
    const raw = typeof values[field] === 'string' ? (values[field] as string).replace(/\s+/g, '') : '';
    if (raw && !SYMBOL.test(raw)) throw fieldError(field, `${label} smí mít nejvýše 10 číslic a nic jiného.`);
    values[field] = normalizedSymbol(raw);
  }
  return values;
}

/** What the request's own values decide: paid amount in its currency, state and QR Platba text. */
export function derivedValues(values: Values, paidHundredths: number, club: ClubAccount | null): Values {
  const amount = values.amount as Money;
  // The mark of a request its camp's or race's deletion cancelled lasts only while it is cancelled.
  const marked = values.cancelled === true && values.cancelledByDeletion === true;
  return {
    ...values,
    cancelledByDeletion: marked,
    noteBeforeDeletion: marked ? (values.noteBeforeDeletion ?? null) : null,
    paidAmount: { amount: paidHundredths, currency: amount.currency },
    state: paymentState(amount.amount, paidHundredths, values.cancelled === true),
    spayd: paymentSpayd(club, values),
  };
}

async function completed(db: DynamicDb, data: Values, paidHundredths: number): Promise<Values> {
  const values = withSymbols(data);
  if (!values.variableSymbol) [values.variableSymbol] = await nextVariableSymbols(db, 1);
  return derivedValues(values, paidHundredths, await findClubAccount(db));
}

export const paymentHooks: EntityHooks = {
  beforeCreate: ({ db, data }) => completed(db, data, 0),
  beforeUpdate: ({ db, data, previous }) =>
    completed(db, data, (previous.paidAmount as Money | null)?.amount ?? 0),
};
