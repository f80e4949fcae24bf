import {
  DEFAULT_CURRENCY,
  isCurrencyCode,
  type Money,
  moneyAmountOfNumber,
  parseMoneyAmount,
} from '@klubovna/shared';
import { pragueToUtc } from '@klubovna/shared/time/prague';
import { parseCzechDate } from '@klubovna/shared/validation/czech-date';
import type { CompiledField } from '../declaration/compile-entity.ts';
import { searchNormalize } from '../schema/czech-text.ts';
import { type Cell, UnreadableCell } from './import-sheet.ts';

/** A cell turned into a field's API value, or the Czech reason it could not be. */
export type Converted = { value: unknown } | { error: string };

/** Finds the ids of related records by label (without diacritics); an error names what is wrong. */
export type RelationResolver = (field: CompiledField, label: string) => Converted;

const TRUE_WORDS = new Set(['ano', 'a', 'yes', 'y', 'true', 'pravda', '1', 'x']);
const FALSE_WORDS = new Set(['ne', 'n', 'no', 'false', 'nepravda', '0']);
const CURRENCY_WORDS: Record<string, string> = { kc: 'CZK', kč: 'CZK', '€': 'EUR', eur: 'EUR' };

const quoted = (cell: Cell) => `„${cellText(cell)}“`;
const pad = (value: number) => String(value).padStart(2, '0');

/** A cell as text, the way a person reads it (dates as ISO dates, whole numbers without decimals). */
export function cellText(cell: Cell): string {
  if (cell === null || cell instanceof UnreadableCell) return '';
  if (cell instanceof Date) return isoDateOf(cell);
  if (typeof cell === 'boolean') return cell ? 'ano' : 'ne';
  return String(cell).trim();
}

/** XLSX dates carry the wall-clock value as UTC. */
const isoDateOf = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** `1 234,50` or `1234.5` → 1234.5; null when it is not a number. */
export function parseCzechNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return /^[-+]?\d+(\.\d+)?$/.test(compact) ? Number(compact) : null;
}

function parseDateTime(cell: Cell): string | null {
  if (cell instanceof Date) return pragueToUtc(isoDateOf(cell), cell.toISOString().slice(11, 19));
  const text = cellText(cell);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
    return Number.isNaN(Date.parse(text)) ? null : new Date(text).toISOString();
  const match = /^(.+?)[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const date = match ? parseCzechDate(match[1]!) : null;
  if (!match || !date) return null;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return pragueToUtc(date, `${pad(hour)}:${pad(minute)}:${pad(second)}`);
}

/** A currency as a code (`EUR`) or a word people write (`Kč`, `€`); null when it is none we know. */
function currencyOf(word: string): string | null {
  const currency = CURRENCY_WORDS[word.toLowerCase()] ?? word.toUpperCase();
  return isCurrencyCode(currency) ? currency : null;
}

/** The cell of a money field's currency column (the export's `… – měna`). */
export function convertCurrency(cell: Cell): Converted {
  if (cell instanceof UnreadableCell) return { error: cell.message };
  const currency = currencyOf(cellText(cell));
  return currency ? { value: currency } : { error: `${quoted(cell)} není měna (např. CZK, EUR).` };
}

const NO_AMOUNT = (cell: Cell) => `${quoted(cell)} není částka (např. 1 200,50 Kč).`;

/**
 * A money cell in whole hundredths: a spreadsheet's number of crowns (`1200.5`), or text with digits
 * and a decimal comma or point and an optional currency (`1 200,50 Kč`, `15 EUR`), read digit by digit.
 */
function parseMoney(cell: Cell): { value: Money } | { error: string } {
  if (typeof cell === 'number') {
    const amount = moneyAmountOfNumber(cell);
    return amount === null ? { error: NO_AMOUNT(cell) } : { value: { amount, currency: DEFAULT_CURRENCY } };
  }
  const match = /^(.*?)\s*([A-Za-zČč€]{1,3})?$/.exec(cellText(cell));
  const word = match?.[2];
  const currency = word ? currencyOf(word) : DEFAULT_CURRENCY;
  if (!match || !currency) return { error: NO_AMOUNT(cell) };
  const parsed = parseMoneyAmount(match[1]!);
  if ('error' in parsed) return { error: /není částka/.test(parsed.error) ? NO_AMOUNT(cell) : parsed.error };
  return { value: { amount: parsed.amount, currency } };
}

/** A list cell's items: "A, B" or "A; B". */
const splitList = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The records a list cell names, separated by `,` or `;` as the export joins them. A label may hold a
 * separator itself (`Dvořák, ml. Jan`): from each item on, the longest run of items that names a
 * record is taken.
 */
function relationList(field: CompiledField, text: string, relation: RelationResolver): Converted {
  const items = text.split(/[,;]/);
  const separators = text.match(/[,;]/g) ?? [];
  const joined = (from: number, to: number) =>
    items
      .slice(from, to + 1)
      .map((item, index) => (index === 0 ? item : `${separators[from + index - 1]}${item}`))
      .join('')
      .trim();
  const ids: number[] = [];
  for (let from = 0; from < items.length; from += 1) {
    if (items[from]!.trim() === '') continue;
    let to = items.length - 1;
    let found = relation(field, joined(from, to));
    while ('error' in found && to > from) {
      to -= 1;
      found = relation(field, joined(from, to));
    }
    if ('error' in found) return found;
    ids.push(found.value as number);
    from = to;
  }
  return { value: ids };
}

/** The option whose label or value the text names, ignoring case and diacritics. */
function option(field: CompiledField, text: string): { value: string } | { error: string } {
  const wanted = searchNormalize(text);
  const found = field.options?.find(
    (candidate) => searchNormalize(candidate.label) === wanted || searchNormalize(candidate.value) === wanted,
  );
  return found
    ? { value: found.value }
    : { error: `${quoted(text)} není žádná z možností: ${field.options?.map((o) => o.label).join(', ')}.` };
}

/**
 * A cell as the value of a field, ready for the engine's own validation (which says what is too long,
 * required or out of range); what cannot even be read as the field's kind is refused here.
 */
export function convertCell(field: CompiledField, cell: Cell, relation: RelationResolver): Converted {
  if (cell instanceof UnreadableCell) return { error: cell.message };
  if (cell === null)
    return { value: field.kind === 'relationMany' || field.kind === 'multiEnum' ? [] : null };
  switch (field.kind) {
    case 'integer':
    case 'decimal': {
      const number = typeof cell === 'number' ? cell : parseCzechNumber(cellText(cell));
      return number === null ? { error: `${quoted(cell)} není číslo.` } : { value: number };
    }
    case 'money':
      return parseMoney(cell);
    case 'date': {
      const date = cell instanceof Date ? isoDateOf(cell) : parseCzechDate(cellText(cell));
      return date ? { value: date } : { error: `${quoted(cell)} není datum (např. 22. 11. 2026).` };
    }
    case 'dateTime': {
      const instant = parseDateTime(cell);
      return instant
        ? { value: instant }
        : { error: `${quoted(cell)} není datum a čas (např. 22. 11. 2026 18:30).` };
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const word = searchNormalize(cellText(cell));
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { error: `${quoted(cell)} není ano, nebo ne.` };
    }
    case 'enum':
      return option(field, cellText(cell));
    case 'multiEnum': {
      const chosen: string[] = [];
      for (const part of splitList(cellText(cell))) {
        const converted = option(field, part);
        if ('error' in converted) return converted;
        chosen.push(converted.value);
      }
      return { value: chosen };
    }
    case 'relation':
      return relation(field, cellText(cell));
    case 'relationMany':
      return relationList(field, cellText(cell), relation);
    default:
      return { value: cellText(cell) };
  }
}
