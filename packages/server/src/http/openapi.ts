import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import type { MultipartParts, RouteAccess } from './route-access.ts';

/** A registered /api route as the auth plugin records it. */
export interface DocumentedRoute {
  method: string;
  url: string;
  access: RouteAccess;
  schema?: FastifySchema;
  multipart?: MultipartParts;
}

type JsonSchema = Record<string, unknown>;

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' } as const;

/**
 * Turns the routes' Zod schemas into JSON Schema (draft 2020-12, which OpenAPI 3.1 uses) as a client
 * sends it. A schema's own definitions (a recursive value, say) move to the document's components,
 * named after the operation, since `#/$defs/…` would point at the document's root.
 */
class SchemaWriter {
  readonly components: Record<string, JsonSchema> = {};

  write(schema: unknown, owner: string): JsonSchema | undefined {
    if (!(schema instanceof z.ZodType)) return undefined;
    const {
      $schema: _,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    if (!$defs) return json;
    const names = Object.keys($defs as JsonSchema);
    const moved = (text: string) =>
      names.reduce(
        (result, name) => result.replaceAll(`"#/$defs/${name}"`, `"#/components/schemas/${owner}_${name}"`),
        text,
      );
    for (const [name, definition] of Object.entries($defs as JsonSchema)) {
      this.components[`${owner}_${name}`] = JSON.parse(moved(JSON.stringify(definition)));
    }
    return JSON.parse(moved(JSON.stringify(json)));
  }
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

function operation(writer: SchemaWriter, route: DocumentedRoute) {
  const operationId = `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, next = '') => next.toUpperCase())}`;
  const body = writer.write(route.schema?.body, operationId);
  const multipart = route.multipart && multipartBody(writer, route.multipart, operationId);
  const secured = route.access !== 'public';
  return {
    operationId,
    tags: [tagOf(route.url)],
    description: [
      (route.schema as { description?: string } | undefined)?.description,
      accessText(route.access),
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(secured ? {} : { security: [] }),
    parameters: [
      ...parameters(writer, route.schema?.params, 'path', operationId),
      ...parameters(writer, route.schema?.querystring, 'query', operationId),
    ],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    ...(multipart ? { requestBody: { required: true, content: { 'multipart/form-data': multipart } } } : {}),
    responses: {
      '2XX': { $ref: '#/components/responses/Data' },
      '400': ERROR_RESPONSE,
      ...(secured ? { '401': ERROR_RESPONSE, '403': ERROR_RESPONSE } : {}),
      '404': ERROR_RESPONSE,
    },
  };
}

/**
 * The OpenAPI 3.1 document of the API, generated from the routes as registered: their paths, the
 * Zod schemas that validate their parameters, queries and bodies, and their access rules.
 */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  info: { title: string; version: string; sessionCookie: string },
) {
  const writer = new SchemaWriter();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(writer, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'API Klubovny. Každá úspěšná odpověď je `{ "data": … }`, každá chyba `{ "error": { "message", "code", "status" } }` s českou zprávou.',
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
      schemas: {
        ...writer.components,
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['message', 'code', 'status'],
              properties: {
                message: { type: 'string' },
                code: { type: 'string' },
                status: { type: 'integer' },
              },
            },
            validationErrors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['message', 'path'],
                properties: { message: { type: 'string' }, path: { type: 'string' } },
              },
            },
          },
        },
      },
      responses: {
        Data: {
          description: 'Úspěch: `{ "data": … }`, u exportů soubor.',
          content: { 'application/json': { schema: { type: 'object', properties: { data: {} } } } },
        },
        Error: {
          description: 'Chyba s českou zprávou.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
