import { formatMoney, type Money } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { SecondaryLabelPart } from '../declaration/entity.types.ts';
import type { EntityRegistry } from '../declaration/registry.ts';
import { optionLabel, type Row, readField, recordLabel, type Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import { labelRows, linkedLabelRows } from '../relations/relations.repository.ts';

type FieldPart = Exclude<SecondaryLabelPart, { entity: string }>;
type LinkedPart = Extract<SecondaryLabelPart, { entity: string }>;

const SEPARATOR = ' · ';

/**
 * A part from the record's own row: an enum's label, a date (or its year), an amount with its
 * currency, the label of the record a relation points at (`related`, by id), text as stored.
 */
function fieldText(entity: CompiledEntity, part: FieldPart, row: Row, related?: Map<number, string>): string {
  const field = entity.byName.get(part.field)!;
  const value = readField(field, row);
  if (value === null || value === undefined || value === '') return '';
  if (part.year) return String(value).slice(0, 4);
  if (field.kind === 'date') return czechDate(String(value));
  if (field.kind === 'money') {
    const money = value as Money;
    return formatMoney(money.amount, money.currency);
  }
  if (related) return related.get(Number(value)) ?? '';
  return optionLabel(field, value);
}

/** The labels of the records a relation part points at from `rows`, in one query, by id. */
async function relatedLabels(
  db: DynamicDb,
  entities: EntityRegistry,
  entity: CompiledEntity,
  part: FieldPart,
  rows: Row[],
): Promise<Map<number, string> | undefined> {
  const field = entity.byName.get(part.field)!;
  if (field.kind !== 'relation') return undefined;
  const target = entities.get(field.relation!.alias)!;
  const ids = [...new Set(rows.map((row) => row[field.column]).filter((id) => id !== null))].map(Number);
  const labels = new Map<number, string>();
  if (ids.length === 0) return labels;
  for (const row of await labelRows(db, target, ids)) {
    const values: Values = {};
    for (const name of target.declaration.labelFields)
      values[name] = readField(target.byName.get(name)!, row);
    labels.set(Number(row.id), recordLabel(target, values));
  }
  return labels;
}

/** A linked part for every id at once: the distinct labels of each id's linked records, in Czech order. */
export async function linkedTexts(
  db: DynamicDb,
  entities: EntityRegistry,
  part: LinkedPart,
  ids: number[],
): Promise<Map<number, string>> {
  const entity = entities.get(part.entity)!;
  const shown = entity.byName.get(part.field)!;
  const target = entities.get(shown.relation!.alias)!;
  const current = part.current && {
    from: entity.byName.get(part.current.from)!,
    to: entity.byName.get(part.current.to)!,
    today: pragueToday(),
  };
  const link = { entity, by: entity.byName.get(part.by)!, shown, target };
  const labels = new Map<number, Set<string>>();
  for (const row of await linkedLabelRows(db, link, ids, current)) {
    const values: Values = {};
    for (const name of target.declaration.labelFields)
      values[name] = readField(target.byName.get(name)!, row);
    const owner = Number(row.owner_id);
    labels.set(owner, (labels.get(owner) ?? new Set()).add(recordLabel(target, values)));
  }
  return new Map(
    [...labels].map(([owner, texts]) => [
      owner,
      [...texts].sort((a, b) => a.localeCompare(b, 'cs')).join(', '),
    ]),
  );
}

/**
 * What tells apart the records of `rows` that share a label (the entity's `secondaryLabel`), by id:
 * the own fields from the rows, each linked part in one query for all of them. Empty without one.
 */
export async function secondaryLabels(
  db: DynamicDb,
  entities: EntityRegistry,
  entity: CompiledEntity,
  rows: Row[],
): Promise<Map<number, string>> {
  const parts = entity.declaration.secondaryLabel ?? [];
  const ids = rows.map((row) => Number(row.id));
  if (parts.length === 0 || ids.length === 0) return new Map();
  const linked: Array<Map<number, string> | undefined> = [];
  for (const part of parts)
    linked.push(
      'entity' in part
        ? await linkedTexts(db, entities, part, ids)
        : await relatedLabels(db, entities, entity, part, rows),
    );
  return new Map(
    rows.map((row) => {
      const id = Number(row.id);
      const texts = parts.map((part, index) =>
        'entity' in part ? (linked[index]?.get(id) ?? '') : fieldText(entity, part, row, linked[index]),
      );
      return [id, texts.filter(Boolean).join(SEPARATOR)];
    }),
  );
}
