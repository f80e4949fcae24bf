import type { StatementProblem } from './types.ts';

/** A value in a line that cannot be read; the message is Czech and does not name the line. */
export class FieldProblem extends Error {}

export const lineProblem = (line: number, reason: string): StatementProblem => ({
  line,
  message: `Řádek ${line}: ${reason}`,
});

/** Integers above this lose precision in a JavaScript number: 15 digits always fit. */
const MAX_SAFE_DIGITS = 15;

const stripLeadingZeros = (digits: string) => digits.replace(/^0+/, '');

/** A string of digits as an integer; the digits are counted first, so the number is always exact. */
export function digitsToInteger(digits: string, label: string, shown = digits): number {
  if (!/^\d+$/.test(digits)) throw new FieldProblem(`${label} „${shown.trim()}“ není číslo.`);
  const significant = stripLeadingZeros(digits);
  if (significant.length > MAX_SAFE_DIGITS)
    throw new FieldProblem(`${label} „${shown.trim()}“ má příliš mnoho číslic.`);
  return Number(significant || '0');
}

/** The opposite amount, never -0. */
export const negate = (value: number) => (value === 0 ? 0 : -value);

/** A payment symbol (variable, constant, specific): digits without leading zeros, null when empty or zero. */
export function paymentSymbol(raw: string, label: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) throw new FieldProblem(`${label} „${value}“ není číslo.`);
  return stripLeadingZeros(value) || null;
}

/**
 * An account number in the Czech form `prefix-number/bank` from its digit parts; the prefix and the bank
 * are left out when zero or missing, null when the number itself is zero.
 */
export function czechAccount(prefix: string, number: string, bank: string | null): string | null {
  const base = stripLeadingZeros(number);
  if (base === '') return null;
  const significantPrefix = stripLeadingZeros(prefix);
  const account = significantPrefix === '' ? base : `${significantPrefix}-${base}`;
  return bank && /[1-9]/.test(bank) ? `${account}/${bank}` : account;
}

/** A calendar date as YYYY-MM-DD, null when there is no such day (31 April, 29 February 2025). */
export function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!exists || year < 1000) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Text with surrounding spaces trimmed, null when nothing is left. */
export const optionalText = (raw: string | undefined): string | null => raw?.trim() || null;

/** Adds a piece of text to a message, leaving out a piece the message already holds. */
export function appendText(message: string | null, text: string | null): string | null {
  if (!text) return message;
  if (!message) return text;
  return message.includes(text) ? message : `${message} ${text}`;
}

export const startsWithUtf8Bom = (bytes: Uint8Array) =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
