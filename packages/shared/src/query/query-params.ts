/** A parsed query (Fastify's `request.query`, repeated keys as arrays) or URLSearchParams. */
export type QueryInput = Record<string, string | readonly string[] | undefined> | URLSearchParams;

export class QueryParamError extends Error {
  readonly param: string;

  constructor(param: string, message: string) {
    super(message);
    this.name = 'QueryParamError';
    this.param = param;
  }
}

function read(query: QueryInput, name: string): string | readonly string[] | undefined {
  if (query instanceof URLSearchParams) {
    const all = query.getAll(name);
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
  }
  // Own keys only: 'constructor' or 'toString' must not come from the prototype.
  return Object.hasOwn(query, name) ? query[name] : undefined;
}

function scalar(query: QueryInput, name: string): string | undefined {
  const value = read(query, name);
  if (Array.isArray(value))
    throw new QueryParamError(name, `Parameter "${name}" must be a single value, not a list.`);
  return value as string | undefined;
}

function required<T>(name: string, value: T | undefined): T {
  if (value === undefined) throw new QueryParamError(name, 'Parameter not found.');
  return value;
}

export const getOptionalString = (query: QueryInput, name: string): string | undefined => scalar(query, name);
export const getString = (query: QueryInput, name: string): string => required(name, scalar(query, name));

export function getOptionalNumber(query: QueryInput, name: string): number | undefined {
  const value = scalar(query, name);
  if (value === undefined) return undefined;
  // Number('') is 0 and Number('Infinity') is not a usable count: both are rejected like NaN.
  const number = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) throw new QueryParamError(name, `Parameter "${name}" must be a number.`);
  return number;
}
export const getNumber = (query: QueryInput, name: string): number =>
  required(name, getOptionalNumber(query, name));

export function getOptionalBoolean(query: QueryInput, name: string): boolean | undefined {
  const value = scalar(query, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw new QueryParamError(name, `Parameter "${name}" must be 'true' or 'false'.`);
  }
  return value === 'true';
}
export const getBoolean = (query: QueryInput, name: string): boolean =>
  required(name, getOptionalBoolean(query, name));

/** A list parameter: repeated keys, one value, or none (→ []). */
export function getArray(query: QueryInput, name: string): string[] {
  const value = read(query, name);
  if (value === undefined) return [];
  return Array.isArray(value) ? [...value] : [value as string];
}

function queryValue(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * The query string of `params`, WITH its leading '?' ('' when nothing is left): null and undefined
 * are skipped, arrays become repeated keys (`?tag=a&tag=b`), dates ISO 8601. Encoding is
 * URLSearchParams' except that a space is `%20`, not `+`.
 */
export function serializeQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) search.append(key, queryValue(item));
    }
  }
  // URLSearchParams writes a literal '+' as %2B, so every '+' left stands for a space.
  const text = search.toString().replaceAll('+', '%20');
  return text ? `?${text}` : '';
}
