import { NO_RECORD_FILTER } from '@klubovna/shared';
import { pragueToday, pragueToUtc } from '@klubovna/shared/time/prague';
import {
  FIRST_INSTANT,
  INT32_MAX,
  isoDateSchema,
  isoDateTimeSchema,
  LAST_INSTANT,
  recordIdText,
  SEARCH_MAX_LENGTH,
} from '@klubovna/shared/validation/input-limits';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { DeclaredFilter, FieldFilter, RowCondition } from '../declaration/entity.types.ts';

export const PAGE_SIZES = [10, 25, 50, 100];
export const MAX_PAGE_SIZE = 100;

export type { FieldFilter };

/** The rows of a list a person may read (their row rule), and what names it for caches. */
export interface ListScope {
  /** Two scopes with one key select the same rows (the person's id). */
  key: string;
  where: RowCondition;
}

export interface ListQuery {
  page: number;
  limit: number;
  sort: CompiledField;
  direction: 'asc' | 'desc';
  search: string;
  filters: FieldFilter[];
  /** Only these rows; absent: every row. */
  scope?: ListScope;
}

const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);

function positiveInteger(value: string | null, name: string, fallback: number): number {
  if (value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > INT32_MAX)
    throw badRequest(`Parametr „${name}“ musí být kladné celé číslo.`);
  return number;
}

/** A bound of a range filter, as its column can compare it on both engines. */
function rangeValue(field: CompiledField, raw: string | undefined): string | number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (field.kind === 'integer' || field.kind === 'decimal') {
    const number = raw.trim() === '' ? Number.NaN : Number(raw);
    const valid = field.kind === 'integer' ? Number.isSafeInteger(number) : Number.isFinite(number);
    if (!valid)
      throw badRequest(`Filtr „${field.label}“ očekává ${field.kind === 'integer' ? 'celé ' : ''}číslo.`);
    return number;
  }
  const date = isoDateSchema.safeParse(raw).success;
  if (!date && !(field.kind === 'dateTime' && isoDateTimeSchema.safeParse(raw).success))
    throw badRequest(`Filtr „${field.label}“ očekává datum ve tvaru RRRR-MM-DD.`);
  return raw;
}

/**
 * A bound of a date-time range as the UTC instant the column holds: a date is a whole Prague day, from
 * its first moment (`from`) to its last (`to`); a date-time with an offset is the instant it names.
 */
function instantBound(field: CompiledField, raw: string | undefined, bound: 'from' | 'to') {
  const value = rangeValue(field, raw) as string | undefined;
  if (value === undefined) return undefined;
  const instant =
    value.length > 10
      ? Date.parse(value)
      : bound === 'from'
        ? Date.parse(pragueToUtc(value, '00:00'))
        : Date.parse(pragueToUtc(value, '23:59:59')) + 999;
  // The first Prague day begins in the year 0 of UTC, which PostgreSQL does not take.
  return new Date(Math.min(Math.max(instant, FIRST_INSTANT), LAST_INSTANT)).toISOString();
}

function parseFilter(field: CompiledField, values: string[], from?: string, to?: string): FieldFilter {
  if (field.kind === 'boolean') {
    if (values.length !== 1 || !['true', 'false'].includes(values[0]!)) {
      throw badRequest(`Filtr „${field.label}“ očekává true nebo false.`);
    }
    return { field, type: 'boolean', value: values[0] === 'true' };
  }
  if (field.kind === 'dateTime')
    return {
      field,
      type: 'range',
      from: instantBound(field, from, 'from'),
      to: instantBound(field, to, 'to'),
    };
  if (['date', 'integer', 'decimal'].includes(field.kind)) {
    return { field, type: 'range', from: rangeValue(field, from), to: rangeValue(field, to) };
  }
  if (field.kind === 'enum' || field.kind === 'multiEnum') {
    const allowed = new Set(field.options?.map((option) => option.value));
    const unknown = values.find((value) => !allowed.has(value));
    if (unknown !== undefined) throw badRequest(`Filtr „${field.label}“ nezná hodnotu „${unknown}“.`);
  }
  if (field.kind === 'relation' || field.kind === 'relationMany') {
    const invalid = values.find(
      (value) =>
        !recordIdText.safeParse(value).success && !(value === NO_RECORD_FILTER && field.kind === 'relation'),
    );
    if (invalid !== undefined)
      throw badRequest(`Filtr „${field.label}“ očekává id záznamu (nebo none pro žádný), ne „${invalid}“.`);
  }
  if (values.length === 0) throw badRequest(`Filtr „${field.label}“ potřebuje hodnotu.`);
  return { field, type: field.kind === 'multiEnum' ? 'contains' : 'in', values };
}

/**
 * Reads `page, limit, sort, direction, s` and `filter[field]=v` (repeatable; `none` of a relation: pointing at none),
 * `filter[field][from]=…&filter[field][to]=…` for dates and numbers. Only declared fields.
 */
export function parseListQuery(
  entity: CompiledEntity,
  search: URLSearchParams,
  scope?: ListScope,
): ListQuery {
  const limit = positiveInteger(search.get('limit'), 'limit', 25);
  if (limit > MAX_PAGE_SIZE) throw badRequest(`Na stránku lze zobrazit nejvýše ${MAX_PAGE_SIZE} záznamů.`);
  const sortName = search.get('sort') || entity.declaration.defaultSort.field;
  const sort = entity.byName.get(sortName);
  if (!sort?.sortable) throw badRequest(`Podle pole „${sortName}“ nelze řadit.`);
  const direction =
    search.get('direction') ||
    (sortName === entity.declaration.defaultSort.field ? entity.declaration.defaultSort.direction : 'asc');
  if (direction !== 'asc' && direction !== 'desc') throw badRequest('Směr řazení musí být asc nebo desc.');

  const grouped = new Map<string, { values: string[]; from?: string; to?: string }>();
  const declared = new Map<string, string[]>();
  for (const [key, value] of search) {
    if (!key.startsWith('filter')) continue;
    const match = /^filter\[([A-Za-z0-9]+)\](?:\[(from|to)\])?$/.exec(key);
    if (match && !match[2] && entity.declaration.filters?.[match[1]!]) {
      declared.set(match[1]!, [...(declared.get(match[1]!) ?? []), value]);
      continue;
    }
    const field = match ? entity.byName.get(match[1]!) : undefined;
    if (!match || !field?.filterable) throw badRequest(`Podle „${key}“ nelze filtrovat.`);
    const entry = grouped.get(field.name) ?? { values: [] };
    if (match[2] === 'from') entry.from = value;
    else if (match[2] === 'to') entry.to = value;
    else entry.values.push(value);
    grouped.set(field.name, entry);
  }
  const filters = [...grouped].map(([name, entry]) =>
    parseFilter(entity.byName.get(name)!, entry.values, entry.from, entry.to),
  );
  const text = (search.get('s') ?? '').trim();
  if (text.length > SEARCH_MAX_LENGTH)
    throw badRequest(`Hledaný text může mít nejvýše ${SEARCH_MAX_LENGTH} znaků.`);
  return {
    page: positiveInteger(search.get('page'), 'page', 1),
    limit,
    sort,
    direction,
    search: text,
    filters,
    ...withDeclaredFilters(entity, declared, scope),
  };
}

/** A value a declared filter knows: one of its options, or a record's id where its values are records. */
const isFilterValue = (filter: DeclaredFilter, value: string) =>
  filter.relation
    ? recordIdText.safeParse(value).success
    : (filter.options ?? []).some((option) => option.value === value);

/**
 * The declared filters chosen (`filter[name]=value`), each checked against its options, joined to the
 * person's row rule as the list's scope: every statement of the list (page, total, export) holds them.
 * The scope's key names them and today, so that a cached result is never another filter's or day's.
 */
function withDeclaredFilters(
  entity: CompiledEntity,
  chosen: ReadonlyMap<string, string[]>,
  scope: ListScope | undefined,
): { scope?: ListScope } {
  if (chosen.size === 0) return scope ? { scope } : {};
  const today = pragueToday();
  const conditions: RowCondition[] = [];
  for (const [name, values] of chosen) {
    const filter = entity.declaration.filters![name]!;
    const unknown = values.find((value) => !isFilterValue(filter, value));
    if (unknown !== undefined) throw badRequest(`Filtr „${filter.label}“ nezná hodnotu „${unknown}“.`);
    conditions.push(filter.where([...new Set(values)], today));
  }
  const key = JSON.stringify([scope?.key ?? '', today, [...chosen].sort()]);
  return {
    scope: {
      key,
      where: (eb) => eb.and([...(scope ? [scope.where(eb)] : []), ...conditions.map((where) => where(eb))]),
    },
  };
}
