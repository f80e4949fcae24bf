import { Readable } from 'node:stream';
import { type EntityRecord, moneyAmountText } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import type { ExportCell, ExportColumn } from './export-columns.ts';

/**
 * Text that Excel would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a leading
 * apostrophe: a member's note must not become a command on the secretary's computer (OWASP CSV
 * injection). So does text that already starts with apostrophes before such a character, so that
 * restoreDefused gives every text back exactly.
 *
 * Phone numbers `+420 777 111 222` need it as well: LibreOffice Calc 7.4 opening the CSV in Czech
 * (space is the thousands separator there) reads them as the number 420777111222, the plus and the
 * spaces lost; with the apostrophe it keeps the text (tried with soffice --convert-to, 26. 11. 2026).
 */
export function defuseFormula(text: string): string {
  return /^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A text cell of an imported CSV as it was before defuseFormula: one leading apostrophe less. */
export function restoreDefused(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A cell as Czech Excel shows it: decimal commas (money always with two decimals, `1200,50`), dates as 22. 11. 2026, times as 14:05. */
function cellText(cell: ExportCell): string {
  if (cell === null) return '';
  switch (cell.type) {
    case 'text':
      return defuseFormula(cell.value);
    case 'number':
      return String(cell.value).replace('.', ',');
    case 'money':
      return moneyAmountText(cell.amount);
    case 'date':
      return czechDate(cell.value);
    case 'dateTime':
      // Seconds only when there are some: an import reads either back.
      return `${czechDate(cell.value.slice(0, 10))} ${cell.value.slice(11, cell.value.endsWith(':00') ? 16 : 19)}`;
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
