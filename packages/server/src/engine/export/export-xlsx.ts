import { PassThrough, type Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { type EntityRecord, moneyToNumber } from '@klubovna/shared';
import { stripXmlForbidden } from '@klubovna/shared/validation/input-limits';
import type ExcelJS from 'exceljs';
import type { ExportCell, ExportColumn } from './export-columns.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's limit on a cell's text. */
const MAX_CELL_TEXT = 32_767;

/**
 * One style object per look, shared by every cell that has it: ExcelJS recognises a style it has
 * seen by the object, so a fresh object per cell would cost a lookup by content (it halves the time).
 */
const STYLE = {
  plain: {},
  header: { font: { bold: true, size: 11, name: 'Calibri', family: 2 } },
  date: { numFmt: 'd. m. yyyy' },
  dateTime: { numFmt: 'd. m. yyyy h:mm' },
  money: { numFmt: '#,##0.00' },
} satisfies Record<string, Partial<ExcelJS.Style>>;

/** A wall-clock `YYYY-MM-DD[THH:MM:SS]` as the Date ExcelJS turns into that serial day number. */
const wallClock = (local: string) => new Date(`${local.length > 10 ? local : `${local}T00:00:00`}Z`);

function cellOf(cell: ExportCell): { value: ExcelJS.CellValue; style: Partial<ExcelJS.Style> } {
  if (cell === null) return { value: null, style: STYLE.plain };
  switch (cell.type) {
    case 'text':
      return { value: stripXmlForbidden(cell.value).slice(0, MAX_CELL_TEXT), style: STYLE.plain };
    case 'number':
      return Number.isFinite(cell.value)
        ? { value: cell.value, style: STYLE.plain }
        : { value: null, style: STYLE.plain };
    case 'money':
      return { value: moneyToNumber(cell.amount), style: STYLE.money };
    case 'date':
      return { value: wallClock(cell.value), style: STYLE.date };
    case 'dateTime':
      return { value: wallClock(cell.value), style: STYLE.dateTime };
  }
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return (
    stripXmlForbidden(name)
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'List1'
  );
}

function addRow(
  sheet: ExcelJS.Worksheet,
  cells: { value: ExcelJS.CellValue; style: Partial<ExcelJS.Style> }[],
) {
  const row = sheet.addRow(cells.map((cell) => cell.value));
  cells.forEach((cell, index) => {
    row.getCell(index + 1).style = cell.style;
  });
  row.commit();
}

/** Resolves once `out` wants more, or is closed (the reader went away). */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Writes the rows into the workbook as they come, waiting while the reader of `out` is behind. */
async function writeRows(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
  columns: ExportColumn[],
  batches: AsyncIterable<EntityRecord[]>,
  out: PassThrough,
) {
  addRow(
    sheet,
    columns.map((column) => ({ value: stripXmlForbidden(column.header), style: STYLE.header })),
  );
  for await (const records of batches) {
    for (const record of records)
      addRow(
        sheet,
        columns.map((column) => cellOf(column.cell(record))),
      );
    // The event loop gets a turn between batches (reading SQLite never gives it one): other requests
    // are served meanwhile, a reader that went away is noticed, one that is behind holds the next back.
    await setImmediate();
    if (out.writableNeedDrain) await drained(out);
    // Leaving the loop ends the batches, and with them the reading of the database.
    if (out.destroyed) return;
  }
  await workbook.commit();
}

/**
 * A one-sheet workbook of the given rows, streamed by ExcelJS: bold, frozen header row; numbers as
 * numbers; dates as Excel dates shown as d. m. yyyy; text as strings without characters XML forbids.
 */
export function streamXlsx(
  title: string,
  columns: ExportColumn[],
  batches: AsyncIterable<EntityRecord[]>,
): Readable {
  const out = new PassThrough();
  const write = async () => {
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName(title), {
      views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    });
    sheet.columns = columns.map((column) => ({ width: column.width }));
    await writeRows(workbook, sheet, columns, batches, out);
  };
  // ExcelJS loads in ~0.25 s: at the first spreadsheet, not at every start of the server.
  write().catch((error: Error) => out.destroy(error));
  return out;
}
