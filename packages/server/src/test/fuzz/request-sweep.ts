import type { CompiledEntity } from '../../engine/declaration/compile-entity.ts';
import type { EntityRegistry } from '../../engine/declaration/registry.ts';
import { type RecordIds, validBody } from './entity-values.ts';
import {
  type ApiRoute,
  fillPath,
  type HostileRequest,
  isRead,
  pathParams,
  plausibleParams,
  queryKeys,
  takesEntity,
} from './route-slots.ts';

// Every route × every entity × every input slot × the values that broke something once: each slot
// is made hostile alone, the rest kept plausible, so the request reaches as deep as it can.

/** In a path parameter: NUL, a broken surrogate, ids past 32 bits or not ids at all, traversal. */
const PATH_VALUES = [
  '%00',
  'a%00',
  '%ED%A0%80',
  '2147483648',
  '99999999999999999999',
  '-1',
  '1.5',
  '..%2F..%2Fx',
];
/** In a query value: NUL, a number no column holds, a fraction for an integer, an impossible instant. */
const QUERY_VALUES = ['%00', '99999999999999999999', '1.5', '0000-01-01T00:00:00%2B16:00'];
/** In one field of an otherwise valid body. */
const FIELD_VALUES: unknown[] = [
  'a\u0000',
  'a\ud800b',
  2 ** 31,
  2 ** 63,
  1.5,
  '0000-01-01T00:00:00Z',
  '2026-01-01T00:00:00+16:00',
  [2 ** 31],
];
/** As the whole body, with its content type. */
const BODIES: Array<[string, string]> = [
  ['application/json', '{'],
  ['application/json', '[1,]'],
  ['application/json', 'null'],
  ['application/json', '"text"'],
  ['application/json', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`],
  ['application/json', JSON.stringify({ note: 'x'.repeat(1_100_000) })],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['application/json; charset=utf-16', '{}'],
  ['text/plain', '{}'],
  ['application/x-www-form-urlencoded', 'a=1'],
  ['multipart/form-data', '{}'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="files[]"\r\n\r\n'],
  ['application/xml', '<a/>'],
];

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

function request(method: string, path: string, body?: [string, string]): HostileRequest {
  return {
    method,
    path,
    headers: body ? { 'content-type': body[0], ...XHR } : {},
    body: body?.[1],
    signedIn: true,
  };
}

function* forRoute(route: ApiRoute, entity: CompiledEntity, ids: RecordIds): Generator<HostileRequest> {
  const plausible = plausibleParams(entity, ids);
  const path = fillPath(route.url, plausible);
  for (const name of pathParams(route.url)) {
    for (const value of PATH_VALUES)
      yield request(route.method, fillPath(route.url, { ...plausible, [name]: value }));
  }
  if (isRead(route.method)) {
    for (const key of queryKeys(entity)) {
      for (const value of QUERY_VALUES) yield request(route.method, `${path}?${key}=${value}`);
    }
    return;
  }
  for (const body of BODIES) yield request(route.method, path, body);
  // A record as the body: what the form routes (naming the entity by alias) create and update.
  if (!pathParams(route.url).includes('alias') || route.method === 'DELETE') return;
  const valid = { ...validBody(entity, ids), version: 1 };
  for (const name of [...entity.fields.map((field) => field.name), 'version']) {
    for (const value of FIELD_VALUES) {
      yield request(route.method, path, ['application/json', JSON.stringify({ ...valid, [name]: value })]);
    }
  }
}

/** The whole sweep: routes naming an entity once per entity, the others once. */
export function* requestSweep(
  routes: readonly ApiRoute[],
  entities: EntityRegistry,
  ids: RecordIds,
): Generator<HostileRequest> {
  const [first] = entities.values();
  for (const route of routes) {
    for (const entity of takesEntity(route) ? entities.values() : [first!])
      yield* forRoute(route, entity, ids);
  }
}
