import type { Money } from '@klubovna/shared';

// The engine's money fields hold whole currency units with the cents after the point; the rules of
// this module count in whole hundredths (haléře), which add up exactly.

/** A money value's amount in hundredths of its currency (haléře for CZK). */
export const minorUnits = (money: Pick<Money, 'amount'>): number => Math.round(money.amount * 100);

/** Hundredths of a currency as the engine's money value. */
export const moneyOf = (hundredths: number, currency: string): Money => ({
  amount: hundredths / 100,
  currency,
});
