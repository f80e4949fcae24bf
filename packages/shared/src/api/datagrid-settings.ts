import { serializeQuery } from '../query/query-params.ts';
import { API_PATHS, apiPath } from './paths.ts';
import type { ColumnSchema, DatagridSchema } from './schema.ts';

/** Query parameters of a datagrid page: `filter[field]`, `filter[field][from]`… as flat keys. */
export type DatagridParams = Record<string, string | number | string[] | undefined>;

/** A column filter's value, by the column's filter kind. */
export type FilterValue =
  | { type: 'values'; values: string[]; labels?: string[] }
  | { type: 'boolean'; value: boolean }
  | { type: 'range'; from?: string | number; to?: string | number };

/** What the user sets up on a datagrid and finds again next time (stored per user). */
export interface DatagridSettings {
  pageSize: number;
  sort: { column: string; direction: 'asc' | 'desc' };
  /** Every column in the user's order, and whether it is shown. */
  columns: Array<{ key: string; visible: boolean }>;
  filters: Record<string, FilterValue>;
}

export const settingsName = (grid: string) => `datagrid.${grid}`;

/** The page and search text of a list, which live in its address (`?page=2&s=novák`). */
export function viewFromAddress(address: URLSearchParams): { page: number; search: string } {
  return {
    page: Math.max(1, Number.parseInt(address.get('page') ?? '1', 10) || 1),
    search: address.get('s') ?? '',
  };
}

export function defaultSettings(schema: DatagridSchema): DatagridSettings {
  return {
    pageSize: schema.defaultPageSize,
    sort: { ...schema.defaultSort },
    columns: schema.columns.map((column) => ({ key: column.key, visible: column.defaultVisible })),
    filters: {},
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseFilter(column: ColumnSchema | undefined, value: unknown): FilterValue | undefined {
  if (!column?.filter || !isRecord(value)) return undefined;
  if (value.type === 'values' && Array.isArray(value.values) && value.values.length > 0) {
    const values = value.values.filter((item): item is string => typeof item === 'string');
    const labels = Array.isArray(value.labels) ? value.labels.map(String) : undefined;
    return values.length > 0 ? { type: 'values', values, ...(labels ? { labels } : {}) } : undefined;
  }
  if (value.type === 'boolean' && typeof value.value === 'boolean')
    return { type: 'boolean', value: value.value };
  if (value.type === 'range' && (value.from !== undefined || value.to !== undefined)) {
    const bound = (item: unknown) =>
      typeof item === 'string' || typeof item === 'number' ? item : undefined;
    return { type: 'range', from: bound(value.from), to: bound(value.to) };
  }
  return undefined;
}

/**
 * What a list may be filtered by: its columns, and its declared filters as columns of options (a
 * check's validity), which are set, stored, described and sent (`filter[name]=value`) alike.
 */
export function filterColumns(schema: DatagridSchema): ColumnSchema[] {
  const declared = (schema.filters ?? []).map(
    (filter): ColumnSchema => ({
      key: filter.name,
      label: filter.label,
      ...(filter.relationAlias
        ? { kind: 'relation', filter: 'relation', relationAlias: filter.relationAlias }
        : { kind: 'enum', filter: 'enum', options: filter.options }),
      sortable: false,
      defaultVisible: false,
      width: 0,
      priority: 3,
    }),
  );
  return [...schema.columns, ...declared];
}

/**
 * Stored settings checked against today's schema: columns that no longer exist are dropped, new
 * ones appended, and anything malformed (an older app version, a hand-edited value) falls back.
 */
export function parseSettings(schema: DatagridSchema, stored: unknown): DatagridSettings | undefined {
  if (!isRecord(stored)) return undefined;
  const defaults = defaultSettings(schema);
  const byKey = new Map(schema.columns.map((column) => [column.key, column]));

  const pageSize =
    typeof stored.pageSize === 'number' && schema.pageSizes.includes(stored.pageSize)
      ? stored.pageSize
      : defaults.pageSize;

  const sort = isRecord(stored.sort) ? stored.sort : {};
  const sortColumn = typeof sort.column === 'string' ? byKey.get(sort.column) : undefined;
  const direction = sort.direction === 'desc' ? 'desc' : 'asc';

  const seen = new Set<string>();
  const columns: DatagridSettings['columns'] = [];
  for (const entry of Array.isArray(stored.columns) ? stored.columns : []) {
    if (!isRecord(entry) || typeof entry.key !== 'string' || !byKey.has(entry.key) || seen.has(entry.key))
      continue;
    seen.add(entry.key);
    columns.push({ key: entry.key, visible: entry.visible !== false });
  }
  for (const column of defaults.columns) if (!seen.has(column.key)) columns.push(column);

  const filters: Record<string, FilterValue> = {};
  const filterable = new Map(filterColumns(schema).map((column) => [column.key, column]));
  for (const [key, value] of Object.entries(isRecord(stored.filters) ? stored.filters : {})) {
    const filter = parseFilter(filterable.get(key), value);
    if (filter) filters[key] = filter;
  }

  return {
    pageSize,
    sort: sortColumn?.sortable ? { column: sortColumn.key, direction } : defaults.sort,
    columns,
    filters,
  };
}

/** The filter part of a datagrid query: `filter[key]` (repeated), `filter[key][from|to]`. */
export function filterParams(filters: Record<string, FilterValue>): DatagridParams {
  const params: DatagridParams = {};
  for (const [key, filter] of Object.entries(filters)) {
    if (filter.type === 'values') params[`filter[${key}]`] = filter.values;
    else if (filter.type === 'boolean') params[`filter[${key}]`] = String(filter.value);
    else {
      if (filter.from !== undefined && filter.from !== '') params[`filter[${key}][from]`] = filter.from;
      if (filter.to !== undefined && filter.to !== '') params[`filter[${key}][to]`] = filter.to;
    }
  }
  return params;
}

const ADDRESS_FILTER = /^filter\[([^\]]+)\](?:\[(from|to)\])?$/;

/**
 * The filters a list's address names (`filter[state]=UNPAID&filter[dueDate][to]=2026-11-25`, as the
 * home screen's tiles link to lists), checked against the list's columns and declared filters;
 * undefined when it names none.
 */
export function filtersFromAddress(
  schema: DatagridSchema,
  address: URLSearchParams,
): Record<string, FilterValue> | undefined {
  const byKey = new Map(filterColumns(schema).map((column) => [column.key, column]));
  const raw: Record<string, Record<string, unknown>> = {};
  for (const [name, value] of address) {
    const match = ADDRESS_FILTER.exec(name);
    if (!match) continue;
    const [, key, bound] = match as unknown as [string, string, 'from' | 'to' | undefined];
    const column = byKey.get(key);
    if (!column?.filter) continue;
    raw[key] ??= {};
    const entry = raw[key];
    if (bound) Object.assign(entry, { type: 'range', [bound]: value });
    else if (column.filter === 'boolean') Object.assign(entry, { type: 'boolean', value: value === 'true' });
    else Object.assign(entry, { type: 'values', values: [...((entry.values as string[]) ?? []), value] });
  }
  const filters: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    const filter = parseFilter(byKey.get(key), value);
    if (filter) filters[key] = filter;
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/** Everything the server needs for one page (and, without page and limit, for an export). */
export function datagridParams(
  settings: DatagridSettings,
  view: { page: number; search: string },
): DatagridParams {
  return {
    page: view.page,
    limit: settings.pageSize,
    sort: settings.sort.column,
    direction: settings.sort.direction,
    ...(view.search ? { s: view.search } : {}),
    ...filterParams(settings.filters),
  };
}

/**
 * The first page of a list as its address (`?page=2&s=novák`) and the user's stored settings for it
 * (`stored`: what the user's configs hold under `settingsName`, if anything) ask for it: what the list's
 * prefetch asks for, and the server names in the list's page for the browser to fetch at once.
 */
export function firstPageParams(
  schema: DatagridSchema,
  stored: unknown,
  address: URLSearchParams,
): DatagridParams {
  const settings = parseSettings(schema, stored) ?? defaultSettings(schema);
  const filters = filtersFromAddress(schema, address) ?? settings.filters;
  return datagridParams({ ...settings, filters }, viewFromAddress(address));
}

/** A datagrid page's address, as the client's GET asks for it. */
export function datagridPageUrl(name: string, params: DatagridParams): string {
  return `${apiPath(API_PATHS.datagridRows, { name })}${serializeQuery(params)}`;
}
