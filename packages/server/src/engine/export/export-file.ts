import type { EntityRecord, ExportFormat } from '@klubovna/shared';
import type { ExportColumn } from './export-columns.ts';
import { streamCsv } from './export-csv.ts';
import { streamXlsx, XLSX_CONTENT_TYPE } from './export-xlsx.ts';
import { FileAnswer } from './file-answer.ts';

export interface Spreadsheet {
  format: ExportFormat;
  /** Sheet name of the XLSX. */
  title: string;
  /** File name without the extension; Czech characters allowed. */
  baseName: string;
  columns: ExportColumn[];
  /** Batches read as the file streams (the datagrid), or rows an action read in its transaction. */
  rows: AsyncIterable<EntityRecord[]> | EntityRecord[];
}

/** The media types of `spreadsheetAnswer`, for the API document. */
export const SPREADSHEET_TYPES = ['text/csv', XLSX_CONTENT_TYPE] as const;

async function* inOneBatch(rows: EntityRecord[]) {
  yield rows;
}

/** Rows as a download: XLSX, or CSV for Czech Excel; the same writers for every export. */
export function spreadsheetAnswer({ format, title, baseName, columns, rows }: Spreadsheet): FileAnswer {
  const batches = Array.isArray(rows) ? inOneBatch(rows) : rows;
  const fileName = `${baseName}.${format}`;
  const stream = format === 'xlsx' ? streamXlsx(title, columns, batches) : streamCsv(columns, batches);
  return new FileAnswer(fileName, format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8', stream);
}
