import { serializeQuery } from '../query/query-params.ts';
import { allRoutes, type RouteDefinition, type RouteName } from './route-table.ts';

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

export interface BuildUrlOptions {
  /** Origin (and optional path prefix) for an absolute URL, e.g. 'https://klub.cz'; a trailing slash is fine. */
  base?: string;
}

export interface RouteMatch {
  route: RouteDefinition;
  /** Decoded parameters: a string for `[param]`, segments for `[...param]` and `[[...param]]`. */
  params: Record<string, string | string[]>;
}

type Segment =
  | { kind: 'static'; text: string }
  | { kind: 'single' | 'catchAll' | 'optionalCatchAll'; name: string };

function parseSegment(text: string): Segment {
  const optional = /^\[\[\.\.\.([^\]]+)\]\]$/.exec(text);
  if (optional) return { kind: 'optionalCatchAll', name: optional[1]! };
  const catchAll = /^\[\.\.\.([^\]]+)\]$/.exec(text);
  if (catchAll) return { kind: 'catchAll', name: catchAll[1]! };
  const single = /^\[([^\]]+)\]$/.exec(text);
  if (single) return { kind: 'single', name: single[1]! };
  return { kind: 'static', text };
}

const parsePath = (path: string): Segment[] => path.split('/').filter(Boolean).map(parseSegment);

const encode = (value: string | number | boolean) => encodeURIComponent(String(value));

function missing(route: RouteDefinition, name: string): RouteBuildError {
  return new RouteBuildError('MISSING_PARAM', `Route "${route.name}" needs the parameter "${name}".`);
}

/** The path with its parameters filled in; returns the names it consumed in `used`. */
function fillPath(route: RouteDefinition, params: RouteParams, used: Set<string>): string {
  const parts: string[] = [];
  for (const segment of parsePath(route.path)) {
    if (segment.kind === 'static') {
      parts.push(segment.text);
      continue;
    }
    used.add(segment.name);
    const value = params[segment.name];
    if (segment.kind === 'single') {
      if (value === null || value === undefined || value === '' || Array.isArray(value)) {
        throw missing(route, segment.name);
      }
      parts.push(encode(value as string | number | boolean));
      continue;
    }
    const list: readonly (string | number | boolean)[] | undefined =
      value === null || value === undefined
        ? undefined
        : Array.isArray(value)
          ? value
          : [value as string | number | boolean];
    if (segment.kind === 'optionalCatchAll') {
      if (list !== undefined && list.length > 0) parts.push(list.map(encode).join('/'));
      continue;
    }
    if (list === undefined) throw missing(route, segment.name);
    if (list.length === 0) {
      throw new RouteBuildError(
        'EMPTY_CATCH_ALL',
        `The catch-all parameter "${segment.name}" of route "${route.name}" must not be empty.`,
      );
    }
    parts.push(list.map(encode).join('/'));
  }
  return `/${parts.join('/')}`;
}

interface Matcher {
  route: RouteDefinition;
  segments: Segment[];
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toMatcher(route: RouteDefinition): Matcher {
  const segments = parsePath(route.path);
  const source = segments
    .map((segment) =>
      segment.kind === 'static'
        ? `/${escapeRegExp(segment.text)}`
        : segment.kind === 'single'
          ? '/([^/]+)'
          : segment.kind === 'catchAll'
            ? '/(.+?)'
            : '(?:/(.+?))?',
    )
    .join('');
  return { route, segments, pattern: new RegExp(`^${source}/?$`) };
}

const RANK = { static: 0, single: 1, catchAll: 2, optionalCatchAll: 3 } as const;

/** Next.js precedence, segment by segment: static before `[param]` before catch-all before optional. */
function bySpecificity(a: Matcher, b: Matcher): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index++) {
    const left = a.segments[index];
    const right = b.segments[index];
    // One path is a prefix of the other: the exact one wins over an optional catch-all.
    if (!left) return right?.kind === 'optionalCatchAll' ? -1 : 1;
    if (!right) return left.kind === 'optionalCatchAll' ? 1 : -1;
    const difference = RANK[left.kind] - RANK[right.kind];
    if (difference !== 0) return difference;
  }
  return 0;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** URL building and matching over any route table (the app's, or a test's). */
export function createRouter(table: readonly RouteDefinition[]) {
  const byName = new Map(table.map((route) => [route.name, route]));
  const matchers = table
    .filter((route) => route.active)
    .map(toMatcher)
    .sort(bySpecificity);

  /**
   * The URL of a named route. Path parameters are filled in; every other non-null value becomes
   * the query string (arrays as repeated keys). Throws RouteBuildError.
   */
  function buildUrl(name: string, params: RouteParams = {}, options: BuildUrlOptions = {}): string {
    const route = byName.get(name);
    if (!route) throw new RouteBuildError('UNKNOWN_ROUTE', `Unknown route "${name}".`);
    if (!route.active) {
      throw new RouteBuildError(
        'INACTIVE_ROUTE',
        `No active route matches "${name}": its screen is not built yet.`,
      );
    }
    const used = new Set<string>();
    const path = fillPath(route, params, used);
    const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !used.has(key)));
    const base = options.base ? options.base.replace(/\/+$/, '') : '';
    return `${base}${path}${serializeQuery(rest)}`;
  }

  /** The active route a pathname belongs to, with its decoded parameters; a query or hash is ignored. */
  function matchRoute(pathname: string): RouteMatch | null {
    const path = pathname.replace(/[?#].*$/, '') || '/';
    for (const { route, segments, pattern } of matchers) {
      const match = pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string | string[]> = {};
      let group = 0;
      for (const segment of segments) {
        if (segment.kind === 'static') continue;
        const raw = match[++group];
        if (raw === undefined) continue;
        params[segment.name] = segment.kind === 'single' ? decode(raw) : raw.split('/').map(decode);
      }
      return { route, params };
    }
    return null;
  }

  return { buildUrl, matchRoute };
}

let appRouter = { routes: allRoutes(), ...createRouter(allRoutes()) };

/** The router of the app's routes as they are now (the table's and the registered entity screens'). */
function currentRouter() {
  if (appRouter.routes !== allRoutes()) appRouter = { routes: allRoutes(), ...createRouter(allRoutes()) };
  return appRouter;
}

/** Builds the URL of a named route of the app's routes; throws RouteBuildError. */
export const buildUrl = (
  name: RouteName | (string & {}),
  params?: RouteParams,
  options?: BuildUrlOptions,
): string => currentRouter().buildUrl(name, params, options);

/** Finds the active route of the app's routes for a pathname (e.g. for the current screen's title). */
export const matchRoute = (pathname: string): RouteMatch | null => currentRouter().matchRoute(pathname);
