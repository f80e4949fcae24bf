import type { EntityRecord } from '@klubovna/shared';
import { maskBirthNumber } from '@klubovna/shared/validation/birth-number';
import { type CompiledEntity, type CompiledField, isSensitiveKind } from '../declaration/compile-entity.ts';
import type { Row, Values } from '../declaration/entity.types.ts';
import { czechSortKey, searchNormalize } from '../schema/czech-text.ts';

export type { Row, Values };

/** One field's API value from a row; relationMany ids live in a join table and read as [] here. */
export function readField(field: CompiledField, row: Row): unknown {
  if (field.kind === 'relationMany') return [];
  if (field.kind === 'relation') {
    const id = row[field.column];
    return id === null || id === undefined ? null : Number(id);
  }
  if (field.kind === 'boolean') return row[field.column] === null ? null : Boolean(row[field.column]);
  if (field.kind === 'multiEnum') return parseChoices(row[field.column]);
  if (field.kind === 'money') {
    const amount = row[`${field.column}_amount`];
    return amount === null || amount === undefined
      ? null
      : { amount: Number(amount), currency: row[`${field.column}_currency`] };
  }
  const value = row[field.column];
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/**
 * The chosen options of a multiEnum column (a JSON array of option values); [] when none, and when
 * the column holds something else (written past the engine), so that one bad row cannot fail a list.
 */
export function parseChoices(stored: unknown): string[] {
  try {
    const parsed: unknown = typeof stored === 'string' ? JSON.parse(stored) : null;
    return Array.isArray(parsed) ? parsed.filter((value) => typeof value === 'string') : [];
  } catch {
    return [];
  }
}

/** A database row as the API's record: camelCase fields, `id` and `version`. */
export function toRecord(entity: CompiledEntity, row: Row): EntityRecord {
  const record: EntityRecord = { id: Number(row.id), version: Number(row.version) };
  for (const field of entity.fields) record[field.name] = readField(field, row);
  return record;
}

function writeField(field: CompiledField, value: unknown, row: Row): void {
  if (field.kind === 'money') {
    const money = value as { amount: number; currency: string } | null;
    row[`${field.column}_amount`] = money?.amount ?? null;
    row[`${field.column}_currency`] = money?.currency ?? null;
  } else if (field.kind === 'boolean') {
    row[field.column] = value === null || value === undefined ? null : value ? 1 : 0;
  } else if (field.kind === 'multiEnum') {
    row[field.column] = JSON.stringify(Array.isArray(value) ? value : []);
  } else if (field.kind === 'dateTime' && typeof value === 'string') {
    // Stored in UTC, so that text order (SQLite) is time order whatever offset the client sent.
    row[field.column] = new Date(value).toISOString();
  } else {
    row[field.column] = value ?? null;
  }
}

/** Columns to store for a whole record's values, shadow columns (sort keys, search text) included. */
export function toRow(entity: CompiledEntity, values: Values): Row {
  const row: Row = {};
  for (const field of entity.fields) {
    if (field.name in values && !field.joinTable) writeField(field, values[field.name], row);
  }
  for (const field of entity.sortKeyFields) {
    const value = values[field.name];
    row[`${field.column}_sort`] =
      typeof value === 'string' ? czechSortKey(value) : field.required ? '' : null;
  }
  row.search_text = entity.textSearchFields
    .map((name) => values[name])
    .filter((value) => typeof value === 'string' && value !== '')
    .map((value) => searchNormalize(value as string))
    .join(' ');
  return row;
}

/** A sensitive value as whom may not read it sees it (`******` and the last digits); null stays null. */
export const maskedValue = (value: unknown): unknown =>
  typeof value === 'string' && value !== '' ? maskBirthNumber(value) : value;

/** Masks the record's sensitive fields in place (see SENSITIVE_KINDS). */
export function maskSensitive(entity: CompiledEntity, record: Values): void {
  for (const field of entity.fields)
    if (isSensitiveKind(field.kind) && field.name in record)
      record[field.name] = maskedValue(record[field.name]);
}

/** Field-by-field differences for the audit trail; a sensitive value is kept there only masked. */
export function diffRecords(before: Values | null, after: Values | null, entity: CompiledEntity) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of entity.fields) {
    const from = before?.[field.name] ?? null;
    const to = after?.[field.name] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field.name] = isSensitiveKind(field.kind)
      ? { from: maskedValue(from), to: maskedValue(to) }
      : { from, to };
  }
  return changes;
}

/** An enum option's Czech label; the stored value itself when no option has it. */
export const optionLabel = (field: CompiledField, value: unknown): string =>
  field.options?.find((option) => option.value === value)?.label ?? String(value);

/** How a record is named in relation pickers, labels and exports: its label fields joined by a space. */
export function recordLabel(entity: CompiledEntity, record: Values): string {
  return joinFields(entity, record, entity.declaration.labelFields);
}

/** How a record is named in sentences and in the trash: its name fields (a person first name first). */
export function recordName(entity: CompiledEntity, record: Values): string {
  return joinFields(entity, record, entity.declaration.nameFields ?? entity.declaration.labelFields);
}

function joinFields(entity: CompiledEntity, record: Values, names: readonly string[]): string {
  return names
    .map((name) => {
      const value = record[name];
      if (value === null || value === undefined) return '';
      const field = entity.byName.get(name)!;
      return optionLabel(field, value);
    })
    .filter(Boolean)
    .join(' ');
}
