import { ROUTES, type RouteDefinition, type RouteName } from './route-table.ts';

export type RouteParamValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];
export type RouteParams = Record<string, RouteParamValue>;

export type RouteBuildFailure = 'UNKNOWN_ROUTE' | 'INACTIVE_ROUTE' | 'EMPTY_CATCH_ALL' | 'MISSING_PARAM';

export class RouteBuildError extends Error {
  readonly reason: RouteBuildFailure;

  constructor(reason: RouteBuildFailure, message: string) {
    super(message);
    this.name = 'RouteBuildError';
    this.reason = reason;
  }
}

const SEGMENT = /\[\[\.\.\.([^\]]+)\]\]|\[\.\.\.([^\]]+)\]|\[([^\]]+)\]/g;

const encode = (value: string | number | boolean) => encodeURIComponent(String(value));

/** Query string from leftover params: nulls skipped, arrays as repeated keys; '' when empty. */
export function toQueryString(params: RouteParams): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encode(key)}=${encode(item)}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function asList(value: RouteParamValue): readonly (string | number | boolean)[] | undefined {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? value : [value as string | number | boolean];
}

function fillPath(route: RouteDefinition, params: RouteParams, used: Set<string>): string {
  const filled = route.path.replace(
    SEGMENT,
    (_match, optional?: string, catchAll?: string, single?: string) => {
      const name = (optional ?? catchAll ?? single)!;
      used.add(name);
      const value = params[name];
      if (single) {
        if (value === null || value === undefined || Array.isArray(value)) {
          throw new RouteBuildError('MISSING_PARAM', `Route "${route.name}" needs parameter "${name}"`);
        }
        return encode(value as string | number | boolean);
      }
      const list = asList(value);
      if (list === undefined && optional) return '';
      if (list === undefined)
        throw new RouteBuildError('MISSING_PARAM', `Route "${route.name}" needs parameter "${name}"`);
      if (list.length === 0 && optional) return '';
      if (list.length === 0) {
        throw new RouteBuildError(
          'EMPTY_CATCH_ALL',
          `Catch-all parameter "${name}" of route "${route.name}" is empty`,
        );
      }
      return list.map(encode).join('/');
    },
  );
  const collapsed = filled.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

function toMatcher(route: RouteDefinition): { route: RouteDefinition; pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  for (const part of route.path.split('/').filter(Boolean)) {
    const optional = /^\[\[\.\.\.(.+)\]\]$/.exec(part);
    const catchAll = /^\[\.\.\.(.+)\]$/.exec(part);
    const single = /^\[(.+)\]$/.exec(part);
    if (optional) {
      names.push(optional[1]!);
      source += '(?:/(.+))?';
    } else if (catchAll) {
      names.push(catchAll[1]!);
      source += '/(.+)';
    } else if (single) {
      names.push(single[1]!);
      source += '/([^/]+)';
    } else {
      source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
  }
  return { route, pattern: new RegExp(`^${source || '/'}/?$`), names };
}

/** URL building and matching over any route table (the app's, or a test's). */
export function createRouter(table: readonly RouteDefinition[]) {
  const byName = new Map(table.map((route) => [route.name, route]));
  const matchers = table.filter((route) => route.active).map(toMatcher);

  function buildUrl(name: string, params: RouteParams = {}, options: { base?: string } = {}): string {
    const route = byName.get(name);
    if (!route) throw new RouteBuildError('UNKNOWN_ROUTE', `Unknown route "${name}"`);
    if (!route.active) throw new RouteBuildError('INACTIVE_ROUTE', `No active route matches "${name}"`);
    const used = new Set<string>();
    const path = fillPath(route, params, used);
    const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !used.has(key)));
    const base = options.base ? options.base.replace(/\/+$/, '') : '';
    return `${base}${path}${toQueryString(rest)}`;
  }

  function matchRoute(
    pathname: string,
  ): { route: RouteDefinition; params: Record<string, string | string[]> } | null {
    for (const { route, pattern, names } of matchers) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const params: Record<string, string | string[]> = {};
      names.forEach((name, index) => {
        const raw = match[index + 1];
        if (raw === undefined) return;
        const catchAll = route.path.includes(`...${name}]`);
        params[name] = catchAll ? raw.split('/').map(decodeURIComponent) : decodeURIComponent(raw);
      });
      return { route, params };
    }
    return null;
  }

  return { buildUrl, matchRoute };
}

const appRouter = createRouter(ROUTES);

/** Builds the URL of a named route; throws RouteBuildError for unknown or inactive routes. */
export const buildUrl: (
  name: RouteName | (string & {}),
  params?: RouteParams,
  options?: { base?: string },
) => string = appRouter.buildUrl;
export const matchRoute = appRouter.matchRoute;
