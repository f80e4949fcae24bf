import type { EntityRecord, RecordLabels, ValidationError } from '@klubovna/shared';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import { type EntityRegistry, referencingFields } from '../declaration/registry.ts';
import {
  optionLabel,
  type Row,
  readField,
  recordLabel,
  recordName,
  type Values,
} from '../records/record-mapper.ts';
import { type DynamicDb, insertAudit } from '../records/records.repository.ts';
import { czechPlural } from '../schema/czech-text.ts';
import * as relations from './relations.repository.ts';

/** Most ids one relationMany field may hold (keeps `in (…)` lists far below the engines' limits). */
export const MAX_RELATION_IDS = 1000;

const targetOf = (entities: EntityRegistry, field: CompiledField) => entities.get(field.relation!.alias)!;

function labelOfRow(target: CompiledEntity, row: Row): string {
  const values: Values = {};
  for (const name of target.declaration.labelFields) values[name] = readField(target.byName.get(name)!, row);
  return recordLabel(target, values);
}

/**
 * Fills relationMany ids into the records and adds `_labels` for every relation field, so a client can
 * show them without further calls. One query per relation field for all records, never one per record.
 */
export async function attachRelations(
  db: DynamicDb,
  entities: EntityRegistry,
  entity: CompiledEntity,
  records: EntityRecord[],
): Promise<void> {
  if (entity.relationFields.length === 0 || records.length === 0) return;
  const labels: RecordLabels[] = records.map(() => ({}));
  const ids = records.map((record) => record.id);
  for (const field of entity.relationFields) {
    const target = targetOf(entities, field);
    if (field.joinTable) {
      const linked = new Map<number, { ids: number[]; labels: string[] }>();
      for (const row of await relations.linksWithLabels(db, field, target, ids)) {
        const ownerId = Number(row.owner_id);
        const entry = linked.get(ownerId) ?? { ids: [], labels: [] };
        entry.ids.push(Number(row.target_id));
        entry.labels.push(labelOfRow(target, row));
        linked.set(ownerId, entry);
      }
      records.forEach((record, index) => {
        record[field.name] = linked.get(record.id)?.ids ?? [];
        labels[index]![field.name] = linked.get(record.id)?.labels ?? [];
      });
    } else {
      const wanted = [...new Set(records.map((record) => record[field.name]))].filter(
        (value): value is number => typeof value === 'number',
      );
      const rows = wanted.length > 0 ? await relations.labelRows(db, target, wanted) : [];
      const byId = new Map(rows.map((row) => [Number(row.id), labelOfRow(target, row)]));
      records.forEach((record, index) => {
        labels[index]![field.name] = byId.get(record[field.name] as number) ?? null;
      });
    }
  }
  records.forEach((record, index) => {
    record._labels = labels[index];
  });
}

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

/** Labels of the target's records `ids`, as relation pickers show them (by id). */
export async function labelsById(
  db: DynamicDb,
  target: CompiledEntity,
  ids: number[],
): Promise<Map<number, string>> {
  const rows = await relations.labelRows(db, target, ids);
  return new Map(rows.map((row) => [Number(row.id), labelOfRow(target, row)]));
}

/**
 * Every relation id among `values` must name an existing record, and one its relation's `where`
 * accepts: otherwise 400 on that field.
 */
export async function assertRelationsExist(
  db: DynamicDb,
  entities: EntityRegistry,
  entity: CompiledEntity,
  values: Values,
): Promise<void> {
  const errors: ValidationError[] = [];
  for (const field of entity.relationFields) {
    const ids = relationIds(field, values);
    if (ids.length === 0) continue;
    const target = targetOf(entities, field);
    const linkable = await relations.linkableIds(db, target, ids, field.targetFilters);
    const problem = await relationProblem(field, target, ids, linkable, async (refused) => [
      ...(await labelsById(db, target, refused)).values(),
    ]);
    if (problem) errors.push(problem);
  }
  if (errors.length > 0) throw relationsRefused(errors);
}

/** Stores the relationMany sets present in `values` for one owner record. */
export async function saveLinks(db: DynamicDb, entity: CompiledEntity, ownerId: number, values: Values) {
  for (const field of entity.relationFields) {
    if (field.joinTable && field.name in values)
      await relations.replaceLinks(db, field, ownerId, values[field.name] as number[]);
  }
}

export async function deleteLinksOf(db: DynamicDb, entity: CompiledEntity, ownerIds: number[]) {
  for (const field of entity.relationFields) {
    if (field.joinTable) await relations.deleteOwnerLinks(db, field, ownerIds);
  }
}

function referenceText(count: number, owner: CompiledEntity, field: CompiledField): string {
  const { count: forms, plural } = owner.declaration.labels;
  const noun = forms
    ? czechPlural(count, forms)
    : `${czechPlural(count, { one: 'záznam', few: 'záznamy', many: 'záznamů' })} (${plural})`;
  return `${count} ${noun} v poli „${field.label}“`;
}

/** Records named in one refusal of a bulk delete; the rest are counted. */
const NAMED_IN_REFUSAL = 5;

/**
 * Why records cannot be deleted, naming each one in use: "používá ho 1 tým v poli „Hráči“";
 * several kinds of users together take the plural.
 */
function stillUsedMessage(
  entity: CompiledEntity,
  records: EntityRecord[],
  uses: Map<number, Array<{ count: number; owner: CompiledEntity; field: CompiledField }>>,
): string {
  const usage = (record: EntityRecord) => {
    const used = uses.get(record.id)!;
    const verb =
      used.length === 1
        ? czechPlural(used[0]!.count, { one: 'používá', few: 'používají', many: 'používá' })
        : 'používají';
    const texts = used.map(({ count, owner, field }) => referenceText(count, owner, field));
    const list = texts.length === 1 ? texts[0] : `${texts.slice(0, -1).join(', ')} a ${texts.at(-1)}`;
    return { verb, list, label: recordName(entity, record) };
  };
  if (records.length === 1) {
    const { verb, list, label } = usage(records[0]!);
    return `Záznam „${label}“ nelze smazat, ${verb} ho ${list}.`;
  }
  const inUse = records.filter((record) => uses.has(record.id));
  const named = inUse
    .slice(0, NAMED_IN_REFUSAL)
    .map((record) => {
      const { verb, list, label } = usage(record);
      return `záznam „${label}“ ${verb} ${list}`;
    })
    .join('; ');
  const more = inUse.length - NAMED_IN_REFUSAL;
  const rest =
    more > 0
      ? `; používají se i další ${more} ${czechPlural(more, { one: 'záznam', few: 'záznamy', many: 'záznamů' })}`
      : '';
  return `Vybrané záznamy nelze smazat: ${named}${rest}.`;
}

/** A link a record of `entity` (`id`, field `field`) lost to `target` when `target` was deleted. */
export interface LostLink {
  entity: string;
  id: number;
  field: string;
  target: number;
}

/**
 * Before records are deleted: refuses (409) while 'restrict' relations point at them, saying where
 * and how many times; removes the links of 'cascade' relations, with a new version and an audit
 * entry for every owner that loses a link. Answers the links removed, so that a restore can put them back.
 */
export async function releaseReferences(
  db: DynamicDb,
  context: { entities: EntityRegistry; userId: number },
  entity: CompiledEntity,
  records: EntityRecord[],
): Promise<LostLink[]> {
  const ids = records.map((record) => record.id);
  const references = referencingFields(context.entities, entity);
  const uses = new Map<number, Array<{ count: number; owner: CompiledEntity; field: CompiledField }>>();
  for (const { owner, field } of references.filter((reference) => !reference.cascade)) {
    const except = owner === entity ? ids : [];
    for (const [target, count] of await relations.countReferencingOwners(db, owner, field, ids, except))
      uses.set(target, [...(uses.get(target) ?? []), { count, owner, field }]);
  }
  if (uses.size > 0) throw new AppError('REFERENCED', 409, stillUsedMessage(entity, records, uses));

  // Each owner losing links gets one new version and one audit entry, however many fields changed.
  const touched = new Map<CompiledEntity, Map<number, Record<string, { from: unknown; to: unknown }>>>();
  const removed = new Set(ids);
  const lost: LostLink[] = [];
  for (const { owner, field } of references.filter((reference) => reference.cascade)) {
    const except = owner === entity ? ids : [];
    const rows = await relations.referencingRows(db, owner, field, ids, except);
    if (rows.length === 0) continue;
    for (const row of rows) {
      const link = { id: Number(row.owner_id), field: field.name, target: Number(row.target_id) };
      lost.push({ entity: owner.declaration.alias, ...link });
    }
    const ownerIds = [...new Set(rows.map((row) => Number(row.owner_id)))];
    const before = new Map<number, number[]>();
    if (field.joinTable) {
      for (const row of await relations.linksOf(db, field, ownerIds)) {
        const list = before.get(Number(row.owner_id)) ?? [];
        list.push(Number(row.target_id));
        before.set(Number(row.owner_id), list);
      }
    }
    await relations.unlinkTargets(db, owner, field, ids, ownerIds);
    const changes = touched.get(owner) ?? new Map();
    touched.set(owner, changes);
    for (const ownerId of ownerIds) {
      const from = field.joinTable
        ? (before.get(ownerId) ?? [])
        : Number(rows.find((row) => Number(row.owner_id) === ownerId)!.target_id);
      const to = field.joinTable ? (from as number[]).filter((id) => !removed.has(id)) : null;
      changes.set(ownerId, { ...changes.get(ownerId), [field.name]: { from, to } });
    }
  }
  const now = new Date().toISOString();
  for (const [owner, changes] of touched) {
    await relations.bumpVersions(db, owner, [...changes.keys()], now);
    for (const [ownerId, change] of changes) {
      await insertAudit(db, context.userId, owner, ownerId, 'update', change);
    }
  }
  return lost;
}

export const relatedRecordGone = () =>
  new AppError('CONFLICT', 409, 'Související záznam mezitím někdo smazal. Načtěte formulář znovu.');
