import type { EntityRecord, RecordLabels } from '@klubovna/shared';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { EntityRegistry } from '../declaration/registry.ts';
import { type Row, readField, recordLabel, type Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as relations from './relations.repository.ts';

export const targetOf = (entities: EntityRegistry, field: CompiledField) =>
  entities.get(field.relation!.alias)!;

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

/** Labels of the target's records `ids`, as relation pickers show them (by id). */
export async function labelsById(
  db: DynamicDb,
  target: CompiledEntity,
  ids: number[],
): Promise<Map<number, string>> {
  const rows = await relations.labelRows(db, target, ids);
  return new Map(rows.map((row) => [Number(row.id), labelOfRow(target, row)]));
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

export const relatedRecordGone = () =>
  new AppError('CONFLICT', 409, 'Související záznam mezitím někdo smazal. Načtěte formulář znovu.');
