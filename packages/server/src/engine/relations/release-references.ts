import type { EntityRecord } from '@klubovna/shared';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import { type EntityRegistry, referencingFields } from '../declaration/registry.ts';
import { recordName } from '../records/record-mapper.ts';
import { type DynamicDb, insertAudit } from '../records/records.repository.ts';
import { czechPlural } from '../schema/czech-text.ts';
import * as relations from './relations.repository.ts';

// What deleting records does to the relations that point at them: 'restrict' ones refuse it, naming
// where the records are used; 'cascade' ones lose their links.

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

/** A reference to the deleted entity: which owner entity's field points at it. */
type Reference = ReturnType<typeof referencingFields>[number];

/** Per owner record, each relation field's value before and after losing its links. */
type OwnerChanges = Map<number, Record<string, { from: unknown; to: unknown }>>;

/** Refuses (409) while 'restrict' relations point at the records, saying where and how many times. */
async function refuseWhileUsed(
  db: DynamicDb,
  entity: CompiledEntity,
  records: EntityRecord[],
  restricting: Reference[],
): Promise<void> {
  const ids = records.map((record) => record.id);
  const uses = new Map<number, Array<{ count: number; owner: CompiledEntity; field: CompiledField }>>();
  for (const { owner, field } of restricting) {
    const except = owner === entity ? ids : [];
    for (const [target, count] of await relations.countReferencingOwners(db, owner, field, ids, except))
      uses.set(target, [...(uses.get(target) ?? []), { count, owner, field }]);
  }
  if (uses.size > 0) throw new AppError('REFERENCED', 409, stillUsedMessage(entity, records, uses));
}

/** The targets each owner's relationMany field links to, by owner id. */
async function linkedTargets(db: DynamicDb, field: CompiledField, ownerIds: number[]) {
  const targets = new Map<number, number[]>();
  for (const row of await relations.linksOf(db, field, ownerIds)) {
    const list = targets.get(Number(row.owner_id)) ?? [];
    list.push(Number(row.target_id));
    targets.set(Number(row.owner_id), list);
  }
  return targets;
}

/**
 * Removes one 'cascade' relation's links to the records `ids`, noting each owner's change in
 * `changes`; answers the links removed.
 */
async function unlinkCascade(
  db: DynamicDb,
  entity: CompiledEntity,
  ids: number[],
  { owner, field }: Reference,
  changes: OwnerChanges,
): Promise<LostLink[]> {
  const except = owner === entity ? ids : [];
  const rows = await relations.referencingRows(db, owner, field, ids, except);
  if (rows.length === 0) return [];
  const lost = rows.map((row) => ({
    entity: owner.declaration.alias,
    id: Number(row.owner_id),
    field: field.name,
    target: Number(row.target_id),
  }));
  const ownerIds = [...new Set(rows.map((row) => Number(row.owner_id)))];
  const before = field.joinTable ? await linkedTargets(db, field, ownerIds) : new Map<number, number[]>();
  await relations.unlinkTargets(db, owner, field, ids, ownerIds);
  const removed = new Set(ids);
  for (const ownerId of ownerIds) {
    const from = field.joinTable
      ? (before.get(ownerId) ?? [])
      : Number(rows.find((row) => Number(row.owner_id) === ownerId)!.target_id);
    const to = field.joinTable ? (from as number[]).filter((id) => !removed.has(id)) : null;
    changes.set(ownerId, { ...changes.get(ownerId), [field.name]: { from, to } });
  }
  return lost;
}

/** Each owner that lost links gets one new version and one audit entry, however many fields changed. */
async function recordUnlinked(db: DynamicDb, userId: number, touched: Map<CompiledEntity, OwnerChanges>) {
  const now = new Date().toISOString();
  for (const [owner, changes] of touched) {
    await relations.bumpVersions(db, owner, [...changes.keys()], now);
    for (const [ownerId, change] of changes) {
      await insertAudit(db, userId, owner, ownerId, 'update', change);
    }
  }
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
  await refuseWhileUsed(
    db,
    entity,
    records,
    references.filter((reference) => !reference.cascade),
  );
  const touched = new Map<CompiledEntity, OwnerChanges>();
  const lost: LostLink[] = [];
  for (const reference of references.filter((candidate) => candidate.cascade)) {
    const changes = touched.get(reference.owner) ?? new Map();
    const unlinked = await unlinkCascade(db, entity, ids, reference, changes);
    if (unlinked.length > 0) touched.set(reference.owner, changes);
    lost.push(...unlinked);
  }
  await recordUnlinked(db, context.userId, touched);
  return lost;
}
