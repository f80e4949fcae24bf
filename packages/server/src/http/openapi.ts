import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ERROR_SCHEMA, type JsonSchema, type Operation, SchemaWriter } from './openapi-schemas.ts';
import { errorResponseComponents, routeResponses } from './openapi-statuses.ts';
import type { MultipartParts, RouteAccess } from './route-access.ts';

/** A registered /api route as the auth plugin records it. */
export type { Operation };

export interface DocumentedRoute {
  method: string;
  url: string;
  access: RouteAccess;
  schema?: FastifySchema;
  multipart?: MultipartParts;
}

/**
 * More of the document than the routes tell: each entity's own paths for the engine's generic routes
 * and its record schemas (engine/entity-openapi.ts).
 */
export interface DocumentExpansion {
  operations(route: DocumentedRoute, generic: Operation): Array<{ url: string; operation: Operation }>;
  components: Record<string, JsonSchema>;
}

/** `/api/cms/form/:alias/:id` → `/api/cms/form/{alias}/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, '{$1}');
}

function accessText(access: RouteAccess): string {
  if (access === 'public') return 'Přístup: kdokoli, bez přihlášení.';
  if (access === 'session')
    return 'Přístup: přihlášený uživatel (oprávnění k entitě se ověřuje podle její oblasti).';
  return `Přístup: oblast ${access.area}, ${access.access === 'write' ? 'zápis' : 'čtení'}.`;
}

/** The parameters an object schema of the path or the query describes, one per property. */
function parameters(writer: SchemaWriter, schema: unknown, where: 'path' | 'query', owner: string) {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || !property.safeParse(undefined).success,
    schema: writer.write(property, `${owner}_${name}`),
  }));
}

/** Path parameters the route's schema leaves out (an action's `:alias` filled in at registration). */
function missingPathParameters(url: string, named: ReadonlyArray<{ name: string }>) {
  return [...url.matchAll(/:([A-Za-z]+)/g)]
    .map((match) => match[1]!)
    .filter((name) => !named.some((parameter) => parameter.name === name))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

/** A multipart body: files as binary strings, JSON fields by their schema (sent as application/json). */
function multipartBody(writer: SchemaWriter, parts: MultipartParts, owner: string) {
  const properties: Record<string, unknown> = {};
  const encoding: Record<string, { contentType: string }> = {};
  for (const [name, part] of Object.entries(parts)) {
    if (part === 'file') {
      properties[name] = { type: 'string', contentMediaType: 'application/octet-stream' };
    } else {
      properties[name] = writer.write(part, `${owner}_${name}`);
      encoding[name] = { contentType: 'application/json' };
    }
  }
  return { schema: { type: 'object', properties, required: Object.keys(parts) }, encoding };
}

/** The first words of the path without parameters, e.g. `cms datagrid`, to group the operations. */
function tagOf(url: string): string {
  const words = url
    .split('/')
    .slice(2)
    .filter((part) => part && !part.startsWith(':'));
  return words.slice(0, 2).join(' ') || 'api';
}

export const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_, next = '') => next.toUpperCase())}`;

function operation(writer: SchemaWriter, route: DocumentedRoute): Operation {
  const operationId = operationIdOf(route.method, route.url);
  const body = writer.write(route.schema?.body, operationId);
  const multipart = route.multipart && multipartBody(writer, route.multipart, operationId);
  const named = [
    ...parameters(writer, route.schema?.params, 'path', operationId),
    ...parameters(writer, route.schema?.querystring, 'query', operationId),
  ];
  return {
    operationId,
    tags: [tagOf(route.url)],
    description: [
      (route.schema as { description?: string } | undefined)?.description,
      accessText(route.access),
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(route.access === 'public' ? { security: [] } : {}),
    parameters: [...missingPathParameters(route.url, named), ...named],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    ...(multipart ? { requestBody: { required: true, content: { 'multipart/form-data': multipart } } } : {}),
    responses: routeResponses(writer, route, operationId),
  };
}

/**
 * The OpenAPI 3.1 document of the API, generated from the routes as registered (their paths, the
 * Zod schemas of their parameters, bodies and answers, their access rules) and from the entity
 * declarations: every entity's own paths and record schemas beside the engine's generic routes.
 */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  info: { title: string; version: string; sessionCookie: string },
  expansion?: DocumentExpansion,
) {
  const writer = new SchemaWriter();
  const paths: Record<string, Record<string, Operation>> = {};
  const add = (path: string, method: string, documented: Operation) => {
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = documented;
  };
  for (const route of routes) {
    const generic = operation(writer, route);
    add(openApiPath(route.url), route.method, generic);
    for (const expanded of expansion?.operations(route, generic) ?? []) {
      add(openApiPath(expanded.url), route.method, expanded.operation);
    }
  }
  const entitySchemas = expansion?.components ?? {};
  for (const [name, schema] of Object.entries(writer.components)) {
    // An entity's record stands in an answer as `recordAnswer(alias)`; any other name is the answer's own.
    if (entitySchemas[name] && !schema['x-entity-record'])
      throw new Error(`The answer schema ${name} has the name of an entity's record schema`);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'API Klubovny. Každá úspěšná odpověď je `{ "data": … }` (exporty a náhledy jsou soubory svého typu), ' +
        'každá chyba `{ "error": { "message", "code", "status" } }` s českou zprávou. Každá entita má své ' +
        'cesty (seznam, formulář, export, import, historie, akce) se schématy svých záznamů; obecné cesty ' +
        's `{alias}` platí pro všechny. Požadavek, který server nepřijme celý (příliš pomalý: 408, příliš velké ' +
        'hlavičky nebo adresa: 431), dostane tutéž obálku chyby na jakékoli cestě.',
    },
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: info.sessionCookie,
          description: 'Po přihlášení přes POST /api/login.',
        },
      },
      schemas: { ...writer.components, ...entitySchemas, Error: ERROR_SCHEMA },
      responses: errorResponseComponents(),
    },
  };
}
