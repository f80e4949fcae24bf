import { Readable } from 'node:stream';
import type { EntityRecord } from '@klubovna/shared';
import type { CompiledEntity, CompiledField } from './compile-entity.ts';
import type { DatagridQuery } from './datagrid-query.ts';
import type { EngineContext } from './engine.service.ts';
import { toRecord } from './record-mapper.ts';
import { type DynamicDb, streamRows } from './records.repository.ts';

const czechDate = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${Number(day)}. ${Number(month)}. ${year}`;
};

/** A cell as Czech Excel shows it: labels for enums, Ano/Ne, dates as 22. 11. 2026. */
function cellText(field: CompiledField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'boolean') return value ? 'Ano' : 'Ne';
  if (field.kind === 'enum')
    return field.options?.find((option) => option.value === value)?.label ?? String(value);
  if (field.kind === 'date' || field.kind === 'dateTime') return czechDate(String(value));
  if (field.kind === 'money') {
    const money = value as { amount: number; currency: string };
    return `${String(money.amount).replace('.', ',')} ${money.currency}`;
  }
  if (field.kind === 'decimal') return String(value).replace('.', ',');
  return String(value);
}

const quote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function line(cells: string[]): string {
  return `${cells.map(quote).join(';')}\r\n`;
}

/** The whole filtered set as CSV for Czech Excel: UTF-8 with BOM, semicolons, CRLF. */
export function streamCsv(context: EngineContext, entity: CompiledEntity, query: DatagridQuery): Readable {
  const fields = entity.fields.filter((field) => field.kind !== 'image' && field.kind !== 'file');
  async function* lines() {
    yield `\uFEFF${line(fields.map((field) => field.label))}`;
    for await (const row of streamRows(context.db as unknown as DynamicDb, entity, context.engine, query)) {
      const record: EntityRecord = toRecord(entity, row);
      yield line(fields.map((field) => cellText(field, record[field.name])));
    }
  }
  return Readable.from(lines());
}
