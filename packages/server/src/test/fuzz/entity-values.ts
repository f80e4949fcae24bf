import { API_PATHS } from '@klubovna/shared';
import type { CompiledEntity, CompiledField } from '../../engine/declaration/compile-entity.ts';
import type { EntityRegistry } from '../../engine/declaration/registry.ts';
import type { HttpClient } from '../http-client.ts';

/** Ids of the records created so far, by entity alias. */
export type RecordIds = Map<string, number[]>;

let sequence = 0;

/**
 * A value the declaration accepts, for any field kind: its declared default where it has one
 * (a default always satisfies the field's own rules, e.g. a season's pattern), otherwise one made
 * for the kind. Relations point at records that exist: the `index`-th one, so that records seeded
 * one after another pair different members with different groups.
 */
export function validValue(field: CompiledField, ids: RecordIds, index = 0): unknown {
  sequence += 1;
  if (field.defaultValue !== undefined) return field.defaultValue;
  const targets = field.relation ? (ids.get(field.relation.alias) ?? []) : [];
  const number = Math.max(field.min ?? 1, Math.min(field.max ?? 1, 1));
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'richText':
      return `Fuzz ${sequence}`.padEnd(field.minLength ?? 0, 'x');
    case 'email':
      return `fuzz${sequence}@klub.test`;
    case 'phone':
      return '+420 777 000 000';
    case 'url':
      return 'https://klub.test/fuzz';
    case 'slug':
      return `fuzz-${sequence}`;
    case 'color':
      return '#1c7ed6';
    case 'integer':
      return Math.round(number);
    case 'decimal':
      return number;
    case 'money':
      return { amount: Math.round(number), currency: 'CZK' };
    case 'date':
      return '2026-11-22';
    case 'dateTime':
      // Later with every call, so that a declaration's "end after start" holds for fields in order.
      return new Date(Date.UTC(2026, 10, 22, 17, 30) + sequence * 60_000).toISOString();
    case 'boolean':
      return true;
    case 'enum':
      return field.options?.[0]?.value ?? null;
    case 'multiEnum':
      return (field.options ?? []).slice(0, 1).map((option) => option.value);
    case 'relation':
      return targets[index % Math.max(targets.length, 1)] ?? null;
    case 'relationMany':
      return targets.slice(0, 2);
    case 'file':
    case 'image':
      return null;
  }
}

/** Makes the value of a field for the `index`-th record: `validValue` or one with the same contract. */
export type FieldValue = (field: CompiledField, ids: RecordIds, index: number) => unknown;

/** A body that creates a record of the entity, every writable field filled. */
export function validBody(
  entity: CompiledEntity,
  ids: RecordIds,
  index = 0,
  value: FieldValue = validValue,
): Record<string, unknown> {
  return Object.fromEntries(
    entity.fields.filter((field) => !field.readOnly).map((field) => [field.name, value(field, ids, index)]),
  );
}

/** Whether every required relation of the entity has a record to point at (itself excepted). */
function canCreate(entity: CompiledEntity, ids: RecordIds): boolean {
  return entity.relationFields.every(
    (field) =>
      !field.required ||
      field.relation!.alias === entity.declaration.alias ||
      (ids.get(field.relation!.alias)?.length ?? 0) > 0,
  );
}

/**
 * Values a rule of the product asks for that no declaration can say, by entity alias: e.g. a pairing
 * names a profile, an account that exists outside the declared entities.
 */
export type SeedValues = Record<string, Record<string, unknown>>;

/**
 * Creates `perEntity` records of every entity through the API, related entities first; `counts`
 * names entities that take fewer (a single configuration record).
 */
export async function seedEveryEntity(
  client: HttpClient,
  entities: EntityRegistry,
  perEntity: number,
  seedValues: SeedValues = {},
  counts: Record<string, number> = {},
  value: FieldValue = validValue,
): Promise<RecordIds> {
  const ids: RecordIds = new Map();
  const pending = [...entities.values()];
  while (pending.length > 0) {
    const index = pending.findIndex((entity) => canCreate(entity, ids));
    if (index < 0) throw new Error(`cannot seed ${pending.map((entity) => entity.declaration.alias)}`);
    const [entity] = pending.splice(index, 1) as [CompiledEntity];
    const alias = entity.declaration.alias;
    ids.set(alias, []);
    // The app alone writes a read-only entity's records (a job's runs): none through the API.
    if (entity.declaration.readOnly) continue;
    for (let count = 0; count < (counts[alias] ?? perEntity); count += 1) {
      const body = { ...validBody(entity, ids, count, value), ...seedValues[alias] };
      ids.get(alias)!.push(await createRecord(client, entity, body));
    }
  }
  return ids;
}

/**
 * Creates one record. An entity's own rules may refuse a value that fits the field's kind (a
 * group's trainers must be trainers); such optional fields are left empty and the create retried,
 * as long as each answer refuses only optional fields (rules are checked one after another).
 */
async function createRecord(client: HttpClient, entity: CompiledEntity, body: Record<string, unknown>) {
  const alias = entity.declaration.alias;
  // Accounts are made with a password (or an invitation), never through the generic create.
  const path = alias === 'user' ? API_PATHS.createUser : `/api/cms/form/${alias}`;
  const extra = alias === 'user' ? { password: 'fuzz heslo dost dlouhé' } : {};
  let sent = { ...body, ...extra };
  let response = await client.post(path, sent);
  for (let attempt = 0; attempt < entity.fields.length && response.status === 400; attempt += 1) {
    const refused = new Set<string>(
      (response.body.validationErrors ?? []).map((error: { path: string }) => error.path),
    );
    const optional = entity.fields.filter((field) => refused.has(field.name) && !field.required);
    if (optional.length === 0 || optional.length !== refused.size) break;
    const emptied = Object.fromEntries(
      optional.map((field) => [field.name, field.kind === 'relationMany' ? [] : null]),
    );
    sent = { ...sent, ...emptied };
    response = await client.post(path, sent);
  }
  if (response.status !== 201) throw new Error(`seeding ${alias}: ${response.status} ${response.text}`);
  return response.body.data.id as number;
}
