import fc from 'fast-check';
import type { CompiledEntity } from '../../engine/declaration/compile-entity.ts';
import type { EntityRegistry } from '../../engine/declaration/registry.ts';
import { type RecordIds, validValue } from './entity-values.ts';
import {
  encodePart,
  HOSTILE_ESCAPES,
  hostileJson,
  hostileNumber,
  hostileText,
  idText,
} from './hostile-values.ts';
import {
  type ApiRoute,
  fillPath,
  type HostileRequest,
  isRead,
  pathParams,
  plausibleParams,
  queryKeys,
  queryValues,
  takesEntity,
} from './route-slots.ts';

// Random requests around the route table and the declarations: several slots hostile at once, other
// methods and content types, bodies of any shape. What the sweep's catalogue does not think of.

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'FOO'];
const CONTENT_TYPES = [
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
];
const MALFORMED_BODIES = ['{', '{"a":', '[1,]', '', 'null', '"text"', '\u0000', '{"__proto__":{"x":1}}'];

/** A part of a path or query: hostile text (encoded as a browser would) or a raw odd escape. */
const hostilePart = fc.oneof(
  { weight: 4, arbitrary: hostileText.map(encodePart) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_ESCAPES) },
);

/** Mostly one of `values` (so requests get past routing into the engine), else hostile. */
function mostly(values: readonly string[]): fc.Arbitrary<string> {
  if (values.length === 0) return hostilePart;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...values) },
    { weight: 1, arbitrary: hostilePart },
  );
}

function path(route: ApiRoute, entity: CompiledEntity, ids: RecordIds): fc.Arbitrary<string> {
  const plausible = plausibleParams(entity, ids);
  const names = pathParams(route.url);
  const values = names.map((name) =>
    name === 'id'
      ? idText(ids.get(entity.declaration.alias) ?? []).map(encodePart)
      : mostly(name === 'column' ? entity.fields.map((field) => field.name) : [plausible[name]!]),
  );
  const pair = fc
    .tuple(mostly(queryKeys(entity)), mostly(queryValues(entity, ids)))
    .map(([k, v]) => `${k}=${v}`);
  return fc
    .tuple(fc.tuple(...values), fc.array(pair, { maxLength: 4 }))
    .map(
      ([filled, pairs]) =>
        fillPath(route.url, Object.fromEntries(names.map((name, index) => [name, filled[index]!]))) +
        (pairs.length > 0 ? `?${pairs.join('&')}` : ''),
    );
}

/** Some of an entity's fields with valid or hostile values, and a version of any sort. */
function entityBody(entity: CompiledEntity, ids: RecordIds): fc.Arbitrary<string> {
  const fields = entity.fields.map((field) =>
    fc.tuple(fc.constant(field.name), fc.oneof(fc.constant(validValue(field, ids)), hostileJson)),
  );
  return fc
    .tuple(fc.subarray(fields.map((_, index) => index)), fc.tuple(...fields), fc.option(hostileNumber))
    .map(([chosen, pairs, version]) =>
      JSON.stringify({
        ...Object.fromEntries(chosen.map((index) => pairs[index]!)),
        ...(version === null ? {} : { version }),
      }),
    );
}

function body(entity: CompiledEntity, ids: RecordIds): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: entityBody(entity, ids) },
    { weight: 3, arbitrary: hostileJson.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_BODIES) },
  );
}

function requestsFor(route: ApiRoute, entity: CompiledEntity, ids: RecordIds): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        fc.constantFrom(...OTHER_METHODS),
      ),
      path: path(route, entity, ids),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        fc.constantFrom(...CONTENT_TYPES),
      ),
      xhr: fc.boolean(),
      body: body(entity, ids),
      signedIn: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, fc.constant(false)),
    })
    .map(({ method, path, contentType, xhr, body, signedIn }) => {
      const withBody = body !== undefined && !isRead(method);
      return {
        method,
        path,
        headers: {
          ...(withBody ? { 'content-type': contentType } : {}),
          ...(xhr ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
        },
        body: withBody ? body : undefined,
        signedIn,
      };
    });
}

/** Random requests: a route of the table with one of the declared entities (when it names one). */
export function hostileRequests(
  routes: readonly ApiRoute[],
  entities: EntityRegistry,
  ids: RecordIds,
): fc.Arbitrary<HostileRequest> {
  const [first] = entities.values();
  const perRoute = routes.flatMap((route) =>
    (takesEntity(route) ? [...entities.values()] : [first!]).map((entity) => requestsFor(route, entity, ids)),
  );
  return fc.oneof(...perRoute);
}
