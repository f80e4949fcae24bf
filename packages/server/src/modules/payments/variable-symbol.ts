import { pragueToday } from '@klubovna/shared/time/prague';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';

/** Digits of a generated variable symbol after the year: a million requests a year. */
const SEQUENCE_DIGITS = 6;

/**
 * The next `count` variable symbols of this year: the year followed by a six-digit sequence
 * (2026000001, 2026000002, …), continuing after the highest of the year already given. Two requests
 * created at once may get the same one; the unique index refuses the second and its save is retried.
 */
export async function nextVariableSymbols(db: DynamicDb, count: number): Promise<string[]> {
  const year = pragueToday().slice(0, 4);
  const last = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.max('variable_symbol').as('last'))
    .where('variable_symbol', 'like', `${year}${'_'.repeat(SEQUENCE_DIGITS)}`)
    .executeTakeFirst();
  const lastSequence = last?.last ? Number(String(last.last).slice(year.length)) : 0;
  return Array.from(
    { length: count },
    (_, index) => `${year}${String(lastSequence + index + 1).padStart(SEQUENCE_DIGITS, '0')}`,
  );
}

/** A symbol as banks compare it: digits without leading zeros; null when none is left. */
export function normalizedSymbol(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const digits = value.replace(/\s+/g, '').replace(/^0+/, '');
  return digits === '' ? null : digits;
}
