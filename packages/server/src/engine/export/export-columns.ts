import type { EntityRecord } from '@klubovna/shared';
import { pragueWallClock } from '@klubovna/shared/time/prague';
import { type CompiledEntity, type CompiledField, isSensitiveKind } from '../declaration/compile-entity.ts';
import type { ListQuery } from '../list/list-query.ts';
import { linkedTexts } from '../list/secondary-label.ts';
import { optionLabel, type Row } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import { type EngineContext, toRecords } from '../records/records.service.ts';

/** One exported cell, typed so that each format can write it its own way. */
export type ExportCell =
  | null
  | { type: 'text'; value: string }
  | { type: 'number'; value: number }
  /** Money in whole hundredths (haléře): XLSX writes it as a number of crowns, CSV as `1200,50`. */
  | { type: 'money'; amount: number }
  /** A calendar date `2026-11-22`. */
  | { type: 'date'; value: string }
  /** A moment as Prague wall-clock time `2026-11-22T14:05:00`. */
  | { type: 'dateTime'; value: string };

export interface ExportColumn {
  header: string;
  /** Suggested width in characters. */
  width: number;
  cell(record: EntityRecord): ExportCell;
}

const text = (value: string): ExportCell => (value === '' ? null : { type: 'text', value });

function fieldCell(field: CompiledField, record: EntityRecord): ExportCell {
  const value = record[field.name];
  if (field.kind === 'relation') return text(String(record._labels?.[field.name] ?? ''));
  if (field.kind === 'relationMany') {
    const labels = record._labels?.[field.name];
    return text(Array.isArray(labels) ? labels.join(', ') : '');
  }
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'boolean':
      return text(value ? 'Ano' : 'Ne');
    case 'enum':
      return text(optionLabel(field, value));
    case 'multiEnum':
      return text((value as unknown[]).map((choice) => optionLabel(field, choice)).join(', '));
    case 'integer':
    case 'decimal':
      return Number.isFinite(Number(value)) ? { type: 'number', value: Number(value) } : null;
    case 'money': {
      const amount = Number((value as { amount: unknown }).amount);
      return Number.isSafeInteger(amount) ? { type: 'money', amount } : null;
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? { type: 'date', value: String(value) } : null;
    case 'dateTime':
      return Number.isNaN(Date.parse(String(value)))
        ? null
        : { type: 'dateTime', value: pragueWallClock(String(value)) };
    default:
      return text(String(value));
  }
}

/** The header of a money field's currency column: exports write it, imports read it back. */
export const currencyColumnHeader = (label: string) => `${label} – měna`;

const WIDTHS: Partial<Record<CompiledField['kind'], number>> = {
  boolean: 8,
  integer: 10,
  decimal: 12,
  money: 14,
  date: 12,
  dateTime: 17,
  enum: 16,
  email: 28,
  longText: 40,
  richText: 40,
  relationMany: 40,
};

/** The texts of a batch's `exportLinked` columns, by header, kept on each record for its cells. */
type WithLinked = EntityRecord & { _linked?: Record<string, string> };

/**
 * Every exported column in declaration order, then the declaration's `exportLinked` ones; files, images
 * and sensitive data are left out, money takes two.
 */
export function exportColumns(entity: CompiledEntity): ExportColumn[] {
  const linked = (entity.declaration.exportLinked ?? []).map(
    ({ header }): ExportColumn => ({
      header,
      width: 30,
      cell: (record) => text((record as WithLinked)._linked?.[header] ?? ''),
    }),
  );
  return [...fieldColumns(entity), ...linked];
}

function fieldColumns(entity: CompiledEntity): ExportColumn[] {
  return entity.fields
    .filter((field) => field.kind !== 'image' && field.kind !== 'file' && !isSensitiveKind(field.kind))
    .flatMap((field): ExportColumn[] => {
      const width = Math.max(field.label.length + 2, WIDTHS[field.kind] ?? 20);
      const column = { header: field.label, width, cell: (record: EntityRecord) => fieldCell(field, record) };
      if (field.kind !== 'money') return [column];
      return [
        column,
        {
          header: currencyColumnHeader(field.label),
          width: field.label.length + 9,
          cell: (record) => {
            const money = record[field.name] as { currency?: string } | null;
            return money?.currency ? text(money.currency) : null;
          },
        },
      ];
    });
}

/** The whole filtered, sorted set as records with `_labels`, a batch at a time. */
export async function* exportBatches(
  context: EngineContext,
  entity: CompiledEntity,
  query: ListQuery,
  batchSize = 500,
): AsyncGenerator<EntityRecord[]> {
  const db = context.db as unknown as DynamicDb;
  let batch: Row[] = [];
  for await (const row of context.reader.rows(db, entity, query)) {
    batch.push(row);
    if (batch.length === batchSize) {
      yield await withLinked(db, context, entity, await toRecords(db, context, entity, batch));
      batch = [];
    }
  }
  if (batch.length > 0)
    yield await withLinked(db, context, entity, await toRecords(db, context, entity, batch));
}

/** The batch's records with the texts of the entity's `exportLinked` columns, each column in one query. */
async function withLinked(
  db: DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  records: EntityRecord[],
): Promise<EntityRecord[]> {
  for (const column of entity.declaration.exportLinked ?? []) {
    const owners = records.map((record) => Number(record[column.through])).filter(Number.isInteger);
    const texts = await linkedTexts(db, context.entities, column.labels, [...new Set(owners)]);
    for (const record of records as WithLinked[])
      record._linked = {
        ...record._linked,
        [column.header]: texts.get(Number(record[column.through])) ?? '',
      };
  }
  return records;
}
