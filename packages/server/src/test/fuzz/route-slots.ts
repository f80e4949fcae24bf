import type { CompiledEntity } from '../../engine/declaration/compile-entity.ts';
import type { RouteAccess } from '../../http/route-access.ts';
import type { RecordIds } from './entity-values.ts';
import { encodePart } from './hostile-values.ts';

// Where a request derived from the route table can carry input: path parameters, query keys, body.

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

export interface HostileRequest {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Sent with the root user's session, or with none. */
  signedIn: boolean;
}

/** Names of a route's path parameters (`:id`, and `*` for a wildcard). */
export function pathParams(url: string): string[] {
  return url
    .split('/')
    .filter((segment) => segment.startsWith(':') || segment === '*')
    .map((segment) => (segment === '*' ? '*' : segment.slice(1)));
}

/** The route's path with its parameters replaced by already encoded values. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url
    .split('/')
    .map((segment) => {
      if (segment === '*') return values['*'] ?? 'x';
      return segment.startsWith(':') ? (values[segment.slice(1)] ?? 'x') : segment;
    })
    .join('/');
}

/** Parameter values that get a request past routing into the engine for this entity. */
export function plausibleParams(entity: CompiledEntity, ids: RecordIds): Record<string, string> {
  const field = entity.fields.find((candidate) => candidate.sortable || candidate.filterable);
  return {
    alias: entity.declaration.alias,
    name: entity.declaration.alias,
    id: String(ids.get(entity.declaration.alias)?.[0] ?? 1),
    column: field?.name ?? 'id',
    '*': 'members/2026/11/aaaaaaaaaaaaaaaaaaaaaa.jpg',
  };
}

/** Query keys the engine reads, for this entity's fields. */
export function queryKeys(entity: CompiledEntity): string[] {
  const keys = ['page', 'limit', 'sort', 'direction', 's', 'format', 'namespace'];
  for (const field of entity.fields) {
    if (!field.filterable) continue;
    keys.push(`filter[${field.name}]`, `filter[${field.name}][from]`, `filter[${field.name}][to]`);
  }
  return keys.map(encodePart);
}

/** Values a query key might plausibly get: field names, enum values, ids, dates. */
export function queryValues(entity: CompiledEntity, ids: RecordIds): string[] {
  const values = ['asc', 'desc', 'csv', 'xlsx', '1', '25', 'true', '2026-11-22', 'nov'];
  for (const field of entity.fields) {
    values.push(field.name, ...(field.options ?? []).map((option) => option.value));
  }
  for (const list of ids.values()) values.push(...list.slice(0, 1).map(String));
  return values.map(encodePart);
}

export const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** A route's parameters name an entity: it is swept once per declared entity. */
export const takesEntity = (route: ApiRoute) =>
  pathParams(route.url).some((name) => name === 'alias' || name === 'name');
