import type { EntityRecord } from '@klubovna/shared';
import { API_PATHS } from '@klubovna/shared';
import { z } from 'zod';
import type { DocumentExpansion } from '../http/openapi.ts';
import { dataEnvelope, type JsonSchema, nullable, type Operation } from '../http/openapi-schemas.ts';
import type { CompiledEntity, CompiledField, EntityRegistry } from './declaration/entity.types.ts';

/** `group-member` → `GroupMember`: the name of an entity's schemas in the document's components. */
export const schemaName = (alias: string) =>
  alias.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const recordAnswers = new Map<string, z.ZodType>();

/**
 * An answer that is an entity's record (a module route or an action serving what the form reads): in
 * the document a reference to the entity's own record schema (`#/components/schemas/Member`), which
 * the declarations write (below); the Zod object stands for it until then, marked `x-entity-record`.
 */
export function recordAnswer(alias: string): z.ZodType<EntityRecord, EntityRecord> {
  let answer = recordAnswers.get(alias);
  if (!answer) {
    answer = z
      .looseObject({ id: z.number().int(), version: z.number().int() })
      .meta({ id: schemaName(alias), 'x-entity-record': alias });
    recordAnswers.set(alias, answer);
  }
  return answer as z.ZodType<EntityRecord, EntityRecord>;
}

const MONEY: JsonSchema = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: {
    amount: {
      type: 'integer',
      description: 'Částka v setinách měny (haléřích), celé číslo: 120050 je 1 200,50 Kč.',
    },
    currency: { type: 'string', description: 'Kód měny podle ISO 4217, např. CZK.' },
  },
};

function optionsText(field: CompiledField): string {
  return (field.options ?? []).map((option) => `\`${option.value}\` = ${option.label}`).join(', ');
}

/**
 * An enum's values: a save takes only those; a stored record may hold one an older declaration
 * offered (the lists then show the value itself), so answers are told the values, not bound to them.
 */
const values = (field: CompiledField, input: boolean) =>
  input ? { enum: (field.options ?? []).map((option) => option.value) } : {};

/** A field's value by its kind; `input` adds the limits a save enforces. */
function kindSchema(field: CompiledField, entities: EntityRegistry, input: boolean): JsonSchema {
  const limits = (keys: Array<[keyof CompiledField, string]>) =>
    input
      ? Object.fromEntries(
          keys.filter(([key]) => field[key] !== undefined).map(([key, name]) => [name, field[key]]),
        )
      : {};
  const target = field.relation && entities.get(field.relation.alias);
  const id = {
    type: 'integer',
    minimum: 1,
    ...(target ? { description: `Id záznamu: ${target.declaration.labels.singular}.` } : {}),
  };
  switch (field.kind) {
    case 'integer':
      return {
        type: 'integer',
        ...limits([
          ['min', 'minimum'],
          ['max', 'maximum'],
        ]),
      };
    case 'decimal':
      return {
        type: 'number',
        ...limits([
          ['min', 'minimum'],
          ['max', 'maximum'],
        ]),
      };
    case 'money':
      return MONEY;
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'dateTime':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return { type: 'string', ...values(field, input), description: optionsText(field) };
    case 'multiEnum':
      return {
        type: 'array',
        items: { type: 'string', ...values(field, input) },
        description: optionsText(field),
      };
    case 'relation':
    case 'file':
    case 'image':
      return field.kind === 'relation'
        ? id
        : { type: 'integer', minimum: 1, description: 'Id nahraného souboru.' };
    case 'relationMany':
      return { type: 'array', items: id };
    case 'email':
      return { type: 'string', ...(input ? { format: 'email' } : {}) };
    default:
      return {
        type: 'string',
        ...limits([
          ['minLength', 'minLength'],
          ['maxLength', 'maxLength'],
        ]),
      };
  }
}

function fieldSchema(field: CompiledField, entities: EntityRegistry, input: boolean): JsonSchema {
  const schema = { ...kindSchema(field, entities, input) };
  const description = [field.label, schema.description, field.help].filter(Boolean).join('. ');
  const described = { ...schema, title: field.label, description };
  return input && field.required ? described : nullable(described);
}

/** A record as the API answers it: `id`, `version`, every field, relations' labels in `_labels`. */
function recordSchema(entity: CompiledEntity, entities: EntityRegistry): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: { type: 'integer' },
    version: { type: 'integer', description: 'Verze záznamu; ukládání ji posílá zpět (jinak 409).' },
  };
  for (const field of entity.fields) properties[field.name] = fieldSchema(field, entities, false);
  if (entity.relationFields.length > 0) {
    properties._labels = {
      type: 'object',
      description: 'Popisky propojených záznamů podle pole vazby.',
      additionalProperties: {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'null' }],
      },
    };
  }
  return {
    type: 'object',
    title: entity.declaration.labels.singular,
    required: ['id', 'version'],
    properties,
  };
}

/** What a create or a save takes: the writable fields (a save also `version`). */
function inputSchema(entity: CompiledEntity, entities: EntityRegistry): JsonSchema {
  const writable = entity.fields.filter((field) => !field.readOnly && field.inForm !== false);
  return {
    type: 'object',
    title: `${entity.declaration.labels.singular} (zápis)`,
    description: 'Při uložení existujícího záznamu i `version`, jak ji server naposledy poslal.',
    properties: {
      version: { type: 'integer' },
      ...Object.fromEntries(writable.map((field) => [field.name, fieldSchema(field, entities, true)])),
    },
  };
}

/** Every entity's record and input schemas, named after the entity (`Member`, `MemberInput`). */
function entityComponents(entities: EntityRegistry): Record<string, JsonSchema> {
  return Object.fromEntries(
    [...entities.values()].flatMap((entity) => {
      const name = schemaName(entity.declaration.alias);
      return [
        [name, recordSchema(entity, entities)],
        [`${name}Input`, inputSchema(entity, entities)],
      ];
    }),
  );
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const page = (name: string): JsonSchema => ({
  type: 'object',
  required: ['items', 'total', 'totalApproximate', 'page', 'limit'],
  properties: {
    items: { type: 'array', items: ref(name) },
    total: { type: 'integer' },
    totalApproximate: { type: 'boolean' },
    page: { type: 'integer' },
    limit: { type: 'integer' },
  },
});

/** The engine's routes whose answers (and bodies) are an entity's own records. */
const RECORD_ROUTES: Record<string, { answer: (name: string) => JsonSchema; body?: boolean }> = {
  [`GET ${API_PATHS.datagridRows}`]: { answer: page },
  [`GET ${API_PATHS.form}`]: { answer: ref },
  [`POST ${API_PATHS.formCreate}`]: { answer: ref, body: true },
  [`PUT ${API_PATHS.form}`]: { answer: ref, body: true },
};

const ENTITY_PARAMETERS = ['alias', 'name'];
const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/** Which entities have a path of their own for a generic route: no writes of read-only ones, no deletes of undeletable ones. */
function servesRoute(entity: CompiledEntity, method: string): boolean {
  const { readOnly, deletable } = entity.declaration;
  if (readOnly && WRITES.has(method)) return false;
  return !(deletable === false && method === 'DELETE');
}

function withRecords(operation: Operation, route: string, name: string): Operation {
  const records = RECORD_ROUTES[route];
  if (!records) return operation;
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) =>
      /^2/.test(status)
        ? [
            status,
            {
              ...(response as object),
              content: { 'application/json': { schema: dataEnvelope(records.answer(name)) } },
            },
          ]
        : [status, response],
    ),
  );
  return {
    ...operation,
    responses,
    ...(records.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Input`) } } } }
      : {}),
  };
}

/**
 * An engine route's path for each entity (`/api/cms/form/member/{id}`): the generic operation
 * without the entity's parameter, tagged with the entity's name, with its records' schemas.
 */
function entityOperations(
  entities: EntityRegistry,
  route: { method: string; url: string },
  generic: Operation,
): Array<{ url: string; operation: Operation }> {
  const parameter = ENTITY_PARAMETERS.find((name) => route.url.includes(`/:${name}`));
  if (!parameter) return [];
  return [...entities.values()]
    .filter((entity) => servesRoute(entity, route.method))
    .map((entity) => {
      const { alias, labels } = entity.declaration;
      const name = schemaName(alias);
      const operation: Operation = {
        ...generic,
        operationId: `${generic.operationId}${name}`,
        'x-entity': alias,
        tags: [labels.plural],
        parameters: generic.parameters.filter((named) => !(named.in === 'path' && named.name === parameter)),
      };
      return {
        url: route.url.replace(`:${parameter}`, alias),
        operation: withRecords(operation, `${route.method} ${route.url}`, name),
      };
    });
}

/** The entities' part of the API document: their own paths and record schemas. */
export function entityDocumentation(entities: EntityRegistry): DocumentExpansion {
  return {
    operations: (route, generic) => entityOperations(entities, route, generic),
    components: entityComponents(entities),
  };
}
