import { CURRENCY_LIST } from './currency-list.ts';

export type CurrencyCode = (typeof CURRENCY_LIST)[number][0];

export interface Currency {
  code: CurrencyCode;
  /** Czech name. */
  name: string;
  /** Digits after the decimal point; null where ISO 4217 says not applicable (gold, test codes). */
  minorUnits: number | null;
}

export const CURRENCIES: readonly Currency[] = CURRENCY_LIST.map(([code, name, minorUnits]) => ({
  code,
  name,
  minorUnits,
}));
export const CURRENCY_CODES: readonly CurrencyCode[] = CURRENCIES.map((currency) => currency.code);
export const DEFAULT_CURRENCY: CurrencyCode = 'CZK';

const codes = new Set<string>(CURRENCY_CODES);
export const isCurrencyCode = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && codes.has(value);
