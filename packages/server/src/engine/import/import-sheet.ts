import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError } from '../../errors/app-error.ts';
import { restoreDefused } from '../export/export-csv.ts';

/** A cell the file holds but whose value cannot be read (a formula never calculated): why, in Czech. */
export class UnreadableCell {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

/**
 * A cell as read from a file: text from CSV; text, number, boolean or date from XLSX; null when empty;
 * an UnreadableCell when there is something but no value.
 */
export type Cell = string | number | boolean | Date | UnreadableCell | null;

/** A data row with its number in the file as a spreadsheet shows it (the header is row 1). */
export interface SheetRow {
  number: number;
  cells: Cell[];
  /** Why the row could not be read at all (a CSV quote left open), in Czech. */
  unreadable?: string;
}

/** A spreadsheet's first sheet: the header row's texts and the data rows below it (empty ones left out). */
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
  /** What the file turned out to be, for the preview: `XLSX`, `CSV (UTF-8, ;)`… */
  format: string;
}

/** Most data rows one import takes. */
export const MAX_IMPORT_ROWS = 20_000;

const unreadable = (detail: string) =>
  new AppError('BAD_REQUEST', 400, `Soubor se nepodařilo přečíst: ${detail}`);

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1250 as Czech Excel saves CSV. */
function decode(bytes: Buffer): { text: string; encoding: string } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1250').decode(bytes), encoding: 'Windows-1250' };
  }
}

/** `;` (Czech Excel) or `,`: whichever the header line holds more of outside quotes. */
function separatorOf(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return semicolons >= commas ? ';' : ',';
}

/** csv-parse's reasons for a record it cannot read, as a person would fix them. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED:
    'Řádek začíná hodnotou v uvozovkách, které se až do konce souboru nezavřou, takže se nedá přečíst on ani řádky za ním. Doplňte zavírací uvozovky (uvozovky uvnitř hodnoty zdvojte: "").',
};
const CSV_PROBLEM = 'Řádek se nedá přečíst jako CSV; zkontrolujte uvozovky a oddělovače v něm.';

/**
 * A CSV file's rows as Czech Excel reads them: quotes inside a value that does not start with one are
 * text. A record that still cannot be read becomes a row with the reason, reported like any row's error.
 */
function readCsv(bytes: Buffer): Sheet {
  const { text, encoding } = decode(bytes);
  const delimiter = separatorOf(text);
  const records: SheetRow[] = [];
  parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_records_with_error: true,
    bom: true,
    on_record: (record: string[]) => {
      records.push({
        number: records.length + 1,
        cells: record.map((cell) => (cell.trim() === '' ? null : restoreDefused(cell))),
      });
      return null;
    },
    on_skip: (error) => {
      const reason = CSV_PROBLEMS[(error as { code?: string } | undefined)?.code ?? ''] ?? CSV_PROBLEM;
      records.push({ number: records.length + 1, cells: [], unreadable: reason });
    },
  });
  const [header, ...rows] = records;
  if (header?.unreadable) throw unreadable(`první řádek: ${header.unreadable}`);
  return {
    headers: (header?.cells ?? []).map((cell) => String(cell ?? '').trim()),
    rows,
    format: `CSV (${encoding}, oddělovač ${delimiter})`,
  };
}

/**
 * An XLSX cell's value as a plain value: rich text joined, a formula's result as the file stored it, a
 * link's text. A formula without a stored result (files written by scripts, never opened in a
 * spreadsheet program) and an error value (#N/A…) have no value to import: they are refused.
 */
function plainCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('') || null;
  if ('formula' in value || 'sharedFormula' in value) {
    const { result } = value as { result?: ExcelJS.CellValue };
    if (result !== undefined && result !== null) return plainCell(result);
    return new UnreadableCell(
      'Buňka obsahuje vzorec bez spočtené hodnoty (soubor nejspíš vytvořil program, ne Excel). Otevřete soubor v Excelu a uložte ho, nebo vzorec nahraďte hodnotou.',
    );
  }
  if ('text' in value) return plainCell(value.text as ExcelJS.CellValue);
  if ('error' in value)
    return new UnreadableCell(`Buňka obsahuje chybu ${value.error}; opravte ji, nebo buňku vymažte.`);
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  // Loaded at the first spreadsheet read, not at every start of the server (see streamXlsx).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable('XLSX je poškozený nebo to není sešit Excelu.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('sešit nemá žádný list.');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = plainCell(cell.value);
    });
    rows.push({ number: row.number, cells: Array.from(cells, (cell) => cell ?? null) });
  });
  const header = rows[0]?.number === 1 ? rows.shift()!.cells : [];
  return { headers: header.map((cell) => String(cell ?? '').trim()), rows, format: 'XLSX' };
}

/** Reads an uploaded CSV (UTF-8 or Windows-1250, `;` or `,`) or XLSX file; the first row names the columns. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw unreadable('soubor je prázdný.');
  // XLSX is a ZIP archive: it starts with "PK\x03\x04".
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const sheet = zip ? await readXlsx(bytes) : readCsv(bytes);
  if (sheet.headers.every((header) => header === ''))
    throw unreadable('první řádek musí obsahovat názvy sloupců.');
  const rows = sheet.rows.filter((row) => row.unreadable || row.cells.some((cell) => cell !== null));
  if (rows.length > MAX_IMPORT_ROWS)
    throw unreadable(`soubor má ${rows.length} řádků, najednou lze importovat nejvýše ${MAX_IMPORT_ROWS}.`);
  return { ...sheet, rows };
}
