import type { ValidationError } from '@klubovna/shared';
import { isMaskedBirthNumber } from '@klubovna/shared/validation/birth-number';
import { labelledMessages } from '@klubovna/shared/validation/czech-messages';
import { recordRuleErrors } from '@klubovna/shared/validation/record-rules';
import { z } from 'zod';
import { AppError, validationFailed } from '../../errors/app-error.ts';
import { issuesToValidationErrors } from '../../http/zod-type-provider.ts';
import {
  type CompiledEntity,
  type CompiledField,
  initialValue,
  isSensitiveKind,
} from '../declaration/compile-entity.ts';
import { normalizeRelationValues } from '../relations/relation-checks.ts';
import type { Values } from './record-mapper.ts';
import * as repository from './records.repository.ts';

// What a body must be before the engine writes it: its fields' schemas, the record's rules, unique values.

/** A hook's refusal: a Czech 400 pointing at one field of the form. */
export function fieldError(field: string, message: string): AppError {
  return validationFailed([{ path: field, message }]);
}

/** Built once per entity: Zod compiles each object schema, which cost more than the rest of a save. */
const bodySchemas = new WeakMap<CompiledEntity, { full: z.ZodObject; partial: z.ZodObject }>();

function bodySchema(entity: CompiledEntity, partial: boolean): z.ZodObject {
  let schemas = bodySchemas.get(entity);
  if (!schemas) {
    const full = z.object(
      Object.fromEntries(
        entity.fields.filter((field) => !field.readOnly).map((field) => [field.name, field.schema]),
      ),
    );
    schemas = { full, partial: full.partial() };
    bodySchemas.set(entity, schemas);
  }
  return partial ? schemas.partial : schemas.full;
}

/**
 * The body without the sensitive values sent back as they were shown, masked (a form saved by someone
 * who may not read them): those mean "unchanged".
 */
function withoutMaskedValues(entity: CompiledEntity, body: unknown): unknown {
  const sensitive = entity.fields.filter((field) => isSensitiveKind(field.kind));
  if (sensitive.length === 0 || body === null || typeof body !== 'object') return body ?? {};
  const values = { ...(body as Values) };
  for (const field of sensitive) if (isMaskedBirthNumber(values[field.name])) delete values[field.name];
  return values;
}

/** Zod's own messages name the field by its label ("Zadejte do pole „Kapacita“ nejvýše 10."). */
const labelledBy = new WeakMap<CompiledEntity, ReturnType<typeof labelledMessages>>();

export function validate(entity: CompiledEntity, body: unknown, partial: boolean): Values {
  let error = labelledBy.get(entity);
  if (!error) {
    error = labelledMessages((path) => entity.byName.get(String(path[0]))?.label);
    labelledBy.set(entity, error);
  }
  const result = bodySchema(entity, partial).safeParse(withoutMaskedValues(entity, body), { error });
  if (!result.success) throw validationFailed(issuesToValidationErrors(result.error.issues));
  const values = Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined));
  const relationErrors = normalizeRelationValues(entity, values);
  if (relationErrors.length > 0) throw validationFailed(relationErrors);
  return values;
}

/** The declared order of the record's dates (an end not before its start), on the values as they stand. */
export function assertRecordRules(entity: CompiledEntity, values: Values) {
  const errors = recordRuleErrors(entity.fields, values);
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * Runs a before-hook: the rules are checked before it (it works on sane values) and again on what it
 * returns (a value it filled in, a group membership's start, say, is checked too).
 */
export async function checkedAround(
  entity: CompiledEntity,
  values: Values,
  hook: (() => Values | undefined | Promise<Values | undefined>) | undefined,
): Promise<Values> {
  assertRecordRules(entity, values);
  const changed = await hook?.();
  if (!changed) return values;
  assertRecordRules(entity, changed);
  return changed;
}

export const asValues = (body: unknown): Values =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Values) } : {};

/** A unique field's value another record holds, as the form reports it. */
export const duplicateValueError = (field: CompiledField): ValidationError => ({
  path: field.name,
  message: `Hodnotu pole „${field.label}“ už má jiný záznam.`,
});

export async function assertUnique(
  db: repository.DynamicDb,
  entity: CompiledEntity,
  values: Values,
  exceptId?: number,
) {
  const errors: ValidationError[] = [];
  for (const field of entity.fields) {
    const value = values[field.name];
    if (!field.unique || value === null || value === undefined) continue;
    if (await repository.findDuplicate(db, entity, field.column, value, exceptId)) {
      errors.push(duplicateValueError(field));
    }
  }
  if (errors.length > 0) throw new DuplicateValue(errors);
}

/** A unique field's value another record has (a 400 pointing at the fields). */
export class DuplicateValue extends AppError {
  readonly fields: string[];

  constructor(errors: ValidationError[]) {
    const refusal = validationFailed(errors);
    super(refusal.code, refusal.status, refusal.message, { validationErrors: errors });
    this.fields = errors.map((error) => error.path);
  }
}

export function defaults(entity: CompiledEntity): Values {
  return Object.fromEntries(entity.fields.map((field) => [field.name, initialValue(field)]));
}
