import { INT32_MAX } from '@klubovna/shared/validation/input-limits';
import { sql } from 'kysely';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { FieldFilter } from '../declaration/entity.types.ts';
import { filtersCondition } from '../list/conditions.ts';
import type { Row } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';

/** Columns a field is stored in: money keeps amount and currency apart. */
export function columnsOf(field: CompiledField): string[] {
  return field.kind === 'money' ? [`${field.column}_amount`, `${field.column}_currency`] : [field.column];
}

const labelColumns = (target: CompiledEntity) =>
  target.declaration.labelFields.flatMap((name) => columnsOf(target.byName.get(name)!));

/** Label columns of the given target records. */
export async function labelRows(db: DynamicDb, target: CompiledEntity, ids: number[]): Promise<Row[]> {
  return (await db
    .selectFrom(target.declaration.table)
    .select(['id', ...labelColumns(target)])
    .where('id', 'in', ids)
    .execute()) as Row[];
}

/** The links of a relationMany field for the given owners with the targets' label columns, in one query. */
export async function linksWithLabels(
  db: DynamicDb,
  field: CompiledField,
  target: CompiledEntity,
  ownerIds: number[],
): Promise<Row[]> {
  return (await db
    .selectFrom(`${field.joinTable!} as link`)
    .innerJoin(`${target.declaration.table} as target`, 'target.id', 'link.target_id')
    .select(['link.owner_id', 'link.target_id', ...labelColumns(target).map((column) => `target.${column}`)])
    .where('link.owner_id', 'in', ownerIds)
    .orderBy('link.owner_id')
    .orderBy('link.target_id')
    .execute()) as Row[];
}

/** (owner_id, target_id) pairs of a relationMany field for the given owners. */
export async function linksOf(db: DynamicDb, field: CompiledField, ownerIds: number[]): Promise<Row[]> {
  return (await db
    .selectFrom(field.joinTable!)
    .select(['owner_id', 'target_id'])
    .where('owner_id', 'in', ownerIds)
    .orderBy('owner_id')
    .orderBy('target_id')
    .execute()) as Row[];
}

/** Makes the owner's links exactly `targetIds`. */
export async function replaceLinks(
  db: DynamicDb,
  field: CompiledField,
  ownerId: number,
  targetIds: number[],
) {
  await db.deleteFrom(field.joinTable!).where('owner_id', '=', ownerId).execute();
  if (targetIds.length === 0) return;
  await db
    .insertInto(field.joinTable!)
    .values(targetIds.map((targetId) => ({ owner_id: ownerId, target_id: targetId })))
    .execute();
}

export async function deleteOwnerLinks(db: DynamicDb, field: CompiledField, ownerIds: number[]) {
  await db.deleteFrom(field.joinTable!).where('owner_id', 'in', ownerIds).execute();
}

/** Which of `ids` exist in the table. */
export async function existingIds(db: DynamicDb, table: string, ids: number[]): Promise<Set<number>> {
  // A number past 32 bits names no record (and must not reach PostgreSQL's query).
  const possible = ids.filter((id) => id <= INT32_MAX);
  if (possible.length === 0) return new Set();
  const rows = (await db.selectFrom(table).select('id').where('id', 'in', possible).execute()) as Row[];
  return new Set(rows.map((row) => Number(row.id)));
}

/** Which of `ids` exist in the target's table, and which of them pass `filters` (a relation's `where`). */
export async function linkableIds(
  db: DynamicDb,
  target: CompiledEntity,
  ids: number[],
  filters: FieldFilter[] = [],
): Promise<{ existing: Set<number>; accepted: Set<number> }> {
  // A number past 32 bits names no record (and must not reach PostgreSQL's query).
  const possible = ids.filter((id) => id <= INT32_MAX);
  if (possible.length === 0) return { existing: new Set(), accepted: new Set() };
  const rows = (await db
    .selectFrom(target.declaration.table)
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's expression builder for a dynamic table
    .select((eb: any) => [
      'id',
      (filters.length > 0 ? filtersCondition(eb, filters) : sql<boolean>`1 = 1`).as('accepted'),
    ])
    .where('id', 'in', possible)
    .execute()) as Row[];
  return {
    existing: new Set(rows.map((row) => Number(row.id))),
    accepted: new Set(rows.filter((row) => Boolean(row.accepted)).map((row) => Number(row.id))),
  };
}

/**
 * Owner records whose `field` points at any of `targetIds`, with the id they point at
 * (`owner_id`, `target_id`); owners in `exceptOwners` are left out (they are being deleted too).
 */
export async function referencingRows(
  db: DynamicDb,
  owner: CompiledEntity,
  field: CompiledField,
  targetIds: number[],
  exceptOwners: number[],
): Promise<Row[]> {
  let query = field.joinTable
    ? db.selectFrom(field.joinTable).select(['owner_id', 'target_id']).where('target_id', 'in', targetIds)
    : db
        .selectFrom(owner.declaration.table)
        .select(['id as owner_id', `${field.column} as target_id`])
        .where(field.column, 'in', targetIds);
  if (exceptOwners.length > 0)
    query = query.where(field.joinTable ? 'owner_id' : 'id', 'not in', exceptOwners);
  return (await query.execute()) as Row[];
}

/** How many distinct owner records point at each of `targetIds` through `field` (targets used by none left out). */
export async function countReferencingOwners(
  db: DynamicDb,
  owner: CompiledEntity,
  field: CompiledField,
  targetIds: number[],
  exceptOwners: number[],
): Promise<Map<number, number>> {
  const ownerColumn = field.joinTable ? 'owner_id' : 'id';
  const targetColumn = field.joinTable ? 'target_id' : field.column;
  let query = field.joinTable
    ? db.selectFrom(field.joinTable).where('target_id', 'in', targetIds)
    : db.selectFrom(owner.declaration.table).where(field.column, 'in', targetIds);
  if (exceptOwners.length > 0) query = query.where(ownerColumn, 'not in', exceptOwners);
  const rows = (await query
    .select((eb) => [`${targetColumn} as target_id`, eb.fn.count(ownerColumn).distinct().as('n')])
    .groupBy(targetColumn)
    .execute()) as Row[];
  return new Map(rows.map((row) => [Number(row.target_id), Number(row.n)]));
}

/** Removes the links to `targetIds` (onDelete 'cascade'): join rows go, a to-one column becomes null. */
export async function unlinkTargets(
  db: DynamicDb,
  owner: CompiledEntity,
  field: CompiledField,
  targetIds: number[],
  ownerIds: number[],
) {
  if (field.joinTable) {
    await db
      .deleteFrom(field.joinTable)
      .where('target_id', 'in', targetIds)
      .where('owner_id', 'in', ownerIds)
      .execute();
  } else {
    await db
      .updateTable(owner.declaration.table)
      .set({ [field.column]: null })
      .where('id', 'in', ownerIds)
      .execute();
  }
}

/** A change made behind the owners' forms: a new version makes their open forms answer 409. */
export async function bumpVersions(db: DynamicDb, owner: CompiledEntity, ownerIds: number[], now: string) {
  await db
    .updateTable(owner.declaration.table)
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', 'in', ownerIds)
    .execute();
}

/** Every record of `target` with its label columns (an import matches relations by label). */
export async function allLabelRows(db: DynamicDb, target: CompiledEntity): Promise<Row[]> {
  return (await db
    .selectFrom(target.declaration.table)
    .select(['id', ...labelColumns(target)])
    .execute()) as Row[];
}

/**
 * The labels a secondary label shows through a linking entity, in one query for all `ownerIds`:
 * `owner_id` (the record labelled) with the label columns of the record the link's `shown` relation
 * points at; with `current`, only links in force on `today`.
 */
export async function linkedLabelRows(
  db: DynamicDb,
  link: { entity: CompiledEntity; by: CompiledField; shown: CompiledField; target: CompiledEntity },
  ownerIds: number[],
  current?: { from: CompiledField; to: CompiledField; today: string },
): Promise<Row[]> {
  let query = db
    .selectFrom(`${link.entity.declaration.table} as link`)
    .innerJoin(`${link.target.declaration.table} as target`, 'target.id', `link.${link.shown.column}`)
    .select([
      `link.${link.by.column} as owner_id`,
      ...labelColumns(link.target).map((column) => `target.${column}`),
    ])
    .where(`link.${link.by.column}`, 'in', ownerIds);
  if (current) {
    const from = `link.${current.from.column}`;
    const to = `link.${current.to.column}`;
    query = query
      .where((eb) => eb.or([eb(from, 'is', null), eb(from, '<=', current.today)]))
      .where((eb) => eb.or([eb(to, 'is', null), eb(to, '>=', current.today)]));
  }
  return (await query.execute()) as Row[];
}
