import { CURRENCY_LIST } from './currency-list.ts';

export type CurrencyCode = (typeof CURRENCY_LIST)[number][0];

export interface Currency {
  code: CurrencyCode;
  /** Czech name, capitalised for labels. */
  name: string;
  /** Digits after the decimal point; null where ISO 4217 says not applicable (metals, units of account). */
  minorUnits: number | null;
}

/** Every ISO 4217 currency, sorted by code (AED … ZWL). */
export const CURRENCIES: readonly Currency[] = CURRENCY_LIST.map(([code, name, minorUnits]) => ({
  code,
  name,
  minorUnits,
}));
export const CURRENCY_CODES: readonly CurrencyCode[] = CURRENCIES.map((currency) => currency.code);
/** Czech names keyed by code, in the shape `enumOptions` takes. */
export const CURRENCY_NAMES = Object.fromEntries(
  CURRENCIES.map((currency) => [currency.code, currency.name]),
) as Record<CurrencyCode, string>;
export const DEFAULT_CURRENCY: CurrencyCode = 'CZK';

const byCode = new Map<string, Currency>(CURRENCIES.map((currency) => [currency.code, currency]));

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && byCode.has(value);
}

export function findCurrency(code: string): Currency | undefined {
  return byCode.get(code);
}
