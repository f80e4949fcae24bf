import type { ValidationError } from '@klubovna/shared';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { EntityRegistry } from '../declaration/registry.ts';
import { optionLabel, type Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as relations from './relations.repository.ts';
import { labelsById, targetOf } from './relations.service.ts';

// The checks of the ids a record's relation fields name before it is saved: their stored form, that
// they exist, and that their relation's `where` accepts them.

/** Most ids one relationMany field may hold (keeps `in (…)` lists far below the engines' limits). */
export const MAX_RELATION_IDS = 1000;

/**
 * Brings validated relationMany values to their stored form (no null, no duplicates, ascending) and
 * reports what Zod cannot: a required set left empty, too many ids.
 */
export function normalizeRelationValues(entity: CompiledEntity, values: Values): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const field of entity.relationFields) {
    if (!field.joinTable || !(field.name in values)) continue;
    const ids = [...new Set((values[field.name] as number[] | null) ?? [])].sort((a, b) => a - b);
    values[field.name] = ids;
    if (field.required && ids.length === 0)
      errors.push({ path: field.name, message: 'Toto pole je povinné.' });
    if (ids.length > MAX_RELATION_IDS)
      errors.push({ path: field.name, message: `Vyberte nejvýše ${MAX_RELATION_IDS} záznamů.` });
  }
  return errors;
}

/** What a relation's `where` asks for, in Czech: "Typ člena je Trenér nebo Vedoucí trenér". */
function conditionText(field: CompiledField): string {
  return (field.targetFilters ?? [])
    .map((filter) => {
      const values =
        filter.type === 'boolean'
          ? [filter.value ? 'ano' : 'ne']
          : filter.type === 'in'
            ? filter.values.map((value) => optionLabel(filter.field, value))
            : [];
      return `${filter.field.label} je ${values.join(' nebo ')}`;
    })
    .join(' a ');
}

/** The refusal of linking records outside a relation's `where`, naming them by label. */
function outsideWhere(field: CompiledField, labels: string[]): string {
  const rule =
    field.relation!.whereMessage ??
    `Do pole „${field.label}“ lze vybrat jen záznamy, kde ${conditionText(field)}`;
  return `${rule}, ne: ${labels.join(', ')}.`;
}

/** The ids a relation field's value names: one for a relation, any number for a relationMany. */
export function relationIds(field: CompiledField, values: Values): number[] {
  const value = values[field.name];
  return Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : [];
}

/** What the checks of a relation field's ids are told: which exist, and which its `where` accepts. */
export interface Linkable {
  existing: ReadonlySet<number>;
  accepted: ReadonlySet<number>;
}

/**
 * Why a relation field may not hold `ids`, or null: ids of no record, else records its `where`
 * refuses, named by `labelsOf` (their labels, read only when there are such).
 */
export async function relationProblem(
  field: CompiledField,
  target: CompiledEntity,
  ids: number[],
  { existing, accepted }: Linkable,
  labelsOf: (refused: number[]) => Promise<string[]> | string[],
): Promise<ValidationError | null> {
  const missing = ids.filter((id) => !existing.has(id));
  const { singular, plural } = target.declaration.labels;
  if (missing.length > 0)
    return {
      path: field.name,
      message:
        missing.length === 1
          ? `V poli „${field.label}“ je vybraný záznam, který neexistuje nebo byl smazán (${singular}, id ${missing[0]}).`
          : `V poli „${field.label}“ jsou vybrané záznamy, které neexistují nebo byly smazány (${plural}, id ${missing.join(', ')}).`,
    };
  const refused = ids.filter((id) => !accepted.has(id));
  if (refused.length === 0) return null;
  const labels = [...(await labelsOf(refused))].sort((a, b) => a.localeCompare(b, 'cs'));
  return { path: field.name, message: outsideWhere(field, labels) };
}

/** The refusal of relation ids: a 400 naming each field's problem. */
export const relationsRefused = (errors: ValidationError[]) =>
  new AppError('VALIDATION_FAILED', 400, errors[0]!.message, { validationErrors: errors });

/**
 * Where the checks learn, per relation field and the ids the values name, which exist and which its
 * `where` accepts, and the labels of refused ones: the database now, or what an import read beforehand.
 */
export interface LinkableFacts {
  linkable(field: CompiledField, target: CompiledEntity, ids: number[]): Promise<Linkable> | Linkable;
  labels(field: CompiledField, target: CompiledEntity, refused: number[]): Promise<string[]> | string[];
}

/**
 * Every relation id among `values` must name an existing record, and one its relation's `where`
 * accepts: otherwise 400 on that field.
 */
export async function assertLinkableIds(
  entities: EntityRegistry,
  entity: CompiledEntity,
  values: Values,
  facts: LinkableFacts,
): Promise<void> {
  const errors: ValidationError[] = [];
  for (const field of entity.relationFields) {
    const ids = relationIds(field, values);
    if (ids.length === 0) continue;
    const target = targetOf(entities, field);
    const linkable = await facts.linkable(field, target, ids);
    const problem = await relationProblem(field, target, ids, linkable, (refused) =>
      facts.labels(field, target, refused),
    );
    if (problem) errors.push(problem);
  }
  if (errors.length > 0) throw relationsRefused(errors);
}

/** `assertLinkableIds` asking the database. */
export function assertRelationsExist(
  db: DynamicDb,
  entities: EntityRegistry,
  entity: CompiledEntity,
  values: Values,
): Promise<void> {
  return assertLinkableIds(entities, entity, values, {
    linkable: (field, target, ids) => relations.linkableIds(db, target, ids, field.targetFilters),
    labels: async (_field, target, refused) => [...(await labelsById(db, target, refused)).values()],
  });
}
