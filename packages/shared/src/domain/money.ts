/**
 * Money counts in whole hundredths of its currency (haléře for CZK), never in floating point: an
 * amount is a safe integer, `120050` is 1 200,50 Kč. Text people type or read is turned into
 * hundredths digit by digit, and hundredths into text the same way, so no amount is ever rounded.
 */

/** A money value as the API serves and takes it: `amount` in hundredths, an ISO 4217 code beside it. */
export interface Money {
  /** Whole hundredths of the currency (haléře): 120050 is 1 200,50 Kč. */
  amount: number;
  currency: string;
}

/** What a typed amount reads as: its hundredths, or the Czech reason it is not an amount. */
export type ParsedMoneyAmount = { amount: number } | { error: string };

const NBSP = '\u00a0';
/** Spaces people and spreadsheets put between thousands: plain, no-break, narrow and thin ones. */
const SPACES = /[\s\u00a0\u202f\u2009]/g;
/** Signs shown after an amount instead of its code. */
const CURRENCY_SIGNS: Record<string, string> = { CZK: 'Kč', EUR: '€' };

export const MONEY_DECIMALS_MESSAGE = 'Zadejte částku nejvýše na dvě desetinná místa (haléře).';
export const MONEY_TOO_LARGE_MESSAGE = 'Částka je příliš velká.';
const notAnAmount = (text: string) => `„${text.trim()}“ není částka (např. 1 200,50).`;

/**
 * The whole part and the decimals of an unsigned amount: one decimal separator (`,` or `.`); when
 * both appear, the last one is the decimal separator and the other groups thousands (`1.200,50`).
 * Grouping dots or commas must stand between groups of three digits.
 */
function splitAmount(digits: string): { whole: string; fraction: string } | null {
  const decimalAt = Math.max(digits.lastIndexOf(','), digits.lastIndexOf('.'));
  const separator = digits[decimalAt] ?? ',';
  // A separator that appears more than once only groups thousands (`1.200.000`).
  const decimal = decimalAt >= 0 && digits.indexOf(separator) === decimalAt;
  let whole = decimal ? digits.slice(0, decimalAt) : digits;
  const fraction = decimal ? digits.slice(decimalAt + 1) : '';
  const grouping = decimal ? (separator === ',' ? '.' : ',') : separator;
  if (whole.includes(grouping)) {
    if (!new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+$`).test(whole)) return null;
    whole = whole.replaceAll(grouping, '');
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return null;
  return { whole, fraction };
}

/**
 * An amount as people write it (`1 200,50`, `1200.5`, `1.200,50`, `-15`, `350,-`, `1 200 Kč`) in
 * hundredths, read digit by digit. More than two decimals are refused (a haléř is the least amount).
 */
export function parseMoneyAmount(text: string): ParsedMoneyAmount {
  const compact = text
    .replace(SPACES, '')
    .replace(/(kč|czk)$/i, '')
    .replace(/[,.]-$/, '');
  const sign = /^[-+−]/.test(compact) ? compact.charAt(0) : '';
  const parts = splitAmount(compact.slice(sign.length));
  if (!parts) return { error: notAnAmount(text) };
  if (parts.fraction.length > 2) {
    if (/^0*$/.test(parts.fraction.slice(2))) parts.fraction = parts.fraction.slice(0, 2);
    else return { error: MONEY_DECIMALS_MESSAGE };
  }
  const digits = `${parts.whole}${parts.fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const amount = Number(digits);
  if (!Number.isSafeInteger(amount)) return { error: MONEY_TOO_LARGE_MESSAGE };
  return { amount: sign === '-' || sign === '−' ? (amount === 0 ? 0 : -amount) : amount };
}

/**
 * A number a spreadsheet holds (crowns, `1200.5`) in hundredths, read from its decimal text as the
 * spreadsheet shows it; null when it has more than two decimals or is not a finite number.
 */
export function moneyAmountOfNumber(crowns: number): number | null {
  if (!Number.isFinite(crowns)) return null;
  // Fifteen significant digits, as the spreadsheet shows the number: 0.1 + 0.2 is 0.3 there.
  const text = String(Number(crowns.toPrecision(15)));
  if (/e/i.test(text)) return null;
  const parsed = parseMoneyAmount(text);
  return 'amount' in parsed ? parsed.amount : null;
}

/** Hundredths as the number of whole currency units a spreadsheet shows (`120050` → 1200.5). */
export const moneyToNumber = (amount: number): number => amount / 100;

/** The digits of an amount in hundredths: whole units grouped by `group`, then `,` and two decimals. */
function amountDigits(amount: number, group: string): string {
  const size = Math.abs(amount);
  const whole = String(Math.trunc(size / 100)).replace(/\B(?=(\d{3})+$)/g, group);
  const cents = String(size % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${whole},${cents}`;
}

/** Hundredths as Czech digits without grouping, as a spreadsheet reads them back: `1200,50`, `-0,05`. */
export const moneyAmountText = (amount: number): string => amountDigits(amount, '');

/** Hundredths as an input shows them: `1 200,50` (no-break spaces between thousands). */
export const moneyAmountInput = (amount: number): string => amountDigits(amount, NBSP);

/** The sign written after an amount: `Kč`, `€`, otherwise the ISO code. */
export const currencySign = (currency: string): string => CURRENCY_SIGNS[currency] ?? currency;

/** Money as a Czech reads it: `1 200,50 Kč`, `15,00 €`, `20,00 USD`, with no-break spaces throughout. */
export function formatMoney(amount: number, currency: string): string {
  return `${moneyAmountInput(amount)}${NBSP}${currencySign(currency)}`;
}

/** Hundredths summed exactly; refuses a sum past the safe integers rather than rounding it. */
export function sumMoneyAmounts(amounts: Iterable<number>): number {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  if (!Number.isSafeInteger(sum)) throw new RangeError(MONEY_TOO_LARGE_MESSAGE);
  return sum;
}
