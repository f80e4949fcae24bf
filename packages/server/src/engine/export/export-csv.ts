import { Readable } from 'node:stream';
import type { EntityRecord } from '@klubovna/shared';
import type { ExportCell, ExportColumn } from './export-columns.ts';

const czechDate = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${Number(day)}. ${Number(month)}. ${year}`;
};

/**
 * Text that Excel would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a leading
 * apostrophe: a member's note must not become a command on the secretary's computer (OWASP CSV
 * injection). A phone number `+420 …` is text too, so it is kept as text the same way.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell as Czech Excel shows it: decimal commas, dates as 22. 11. 2026, times as 14:05. */
function cellText(cell: ExportCell): string {
  if (cell === null) return '';
  switch (cell.type) {
    case 'text':
      return defuseFormula(cell.value);
    case 'number':
      return String(cell.value).replace('.', ',');
    case 'date':
      return czechDate(cell.value);
    case 'dateTime':
      return `${czechDate(cell.value)} ${cell.value.slice(11, 16)}`;
  }
}

const quote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function line(cells: string[]): string {
  return `${cells.map(quote).join(';')}\r\n`;
}

/** The whole filtered set as CSV for Czech Excel: UTF-8 with BOM, semicolons, CRLF. */
export function streamCsv(columns: ExportColumn[], batches: AsyncIterable<EntityRecord[]>): Readable {
  async function* lines() {
    yield `\uFEFF${line(columns.map((column) => column.header))}`;
    for await (const records of batches) {
      yield records.map((record) => line(columns.map((column) => cellText(column.cell(record))))).join('');
    }
  }
  return Readable.from(lines());
}
