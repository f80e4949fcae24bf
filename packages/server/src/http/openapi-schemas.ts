import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** An operation of the document, as the entities' expansion (engine/entity-openapi.ts) adapts it. */
export interface Operation {
  operationId: string;
  tags: string[];
  description: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema?: unknown }>;
  requestBody?: { required: boolean; content: Record<string, unknown> };
  responses: Record<string, unknown>;
  security?: unknown[];
  /** On an entity's own path: its alias (the generic route is what the router matches). */
  'x-entity'?: string;
}

/**
 * Turns Zod schemas into JSON Schema (draft 2020-12, which OpenAPI 3.1 uses): requests as a client
 * sends them, answers as the server writes them. A schema's own definitions move to the document's
 * components, since `#/$defs/…` would point at the document's root: those named by `.meta({ id })`
 * (the error envelope) under their name, shared by every route, the others named after the owner.
 */
/** Zod's bounds of every integer (the safe ones), which tell a reader nothing and fill examples with them. */
const SAFE_BOUNDS: Record<string, number> = {
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};
const withoutSafeBounds = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          ([name, bound]) => !(name in SAFE_BOUNDS) || SAFE_BOUNDS[name] !== bound,
        ),
      )
    : value;

export class SchemaWriter {
  readonly components: Record<string, JsonSchema> = {};

  write(schema: unknown, owner: string, io: 'input' | 'output' = 'input'): JsonSchema | undefined {
    if (!(schema instanceof z.ZodType)) return undefined;
    const {
      $schema: _,
      $defs,
      ...json
    } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    if (!$defs) return JSON.parse(JSON.stringify(json), withoutSafeBounds);
    const names = Object.keys($defs as JsonSchema);
    const target = (name: string) => (name.startsWith('__') ? `${owner}_${name}` : name);
    const moved = (text: string) =>
      names.reduce(
        (result, name) => result.replaceAll(`"#/$defs/${name}"`, `"#/components/schemas/${target(name)}"`),
        text,
      );
    for (const [name, definition] of Object.entries($defs as JsonSchema)) {
      const { id: _id, ...rest } = definition as JsonSchema;
      this.components[target(name)] = JSON.parse(moved(JSON.stringify(rest)), withoutSafeBounds);
    }
    return JSON.parse(moved(JSON.stringify(json)), withoutSafeBounds);
  }
}

/** A JSON Schema that also admits null. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.enum))
    return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** `{ "data": … }` around a schema. */
export const dataEnvelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['data'],
  properties: { data },
});

export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['message', 'code', 'status'],
      properties: {
        message: { type: 'string', description: 'Česká zpráva pro člověka.' },
        code: { type: 'string' },
        status: { type: 'integer' },
      },
    },
    validationErrors: {
      description: 'Jen u 400 z ověření údajů: česká zpráva ke každému poli (`path` s tečkami).',
      type: 'array',
      items: {
        type: 'object',
        required: ['message', 'path'],
        properties: { message: { type: 'string' }, path: { type: 'string' } },
      },
    },
  },
};
