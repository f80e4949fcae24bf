import { Readable } from 'node:stream';
import type { EntityRecord } from '@klubovna/shared';
import type { ExportCell, ExportColumn } from './export-columns.ts';
import { zipChunks } from './zip-writer.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles, indexes into `cellXfs` of styles.xml. */
const STYLE = { header: 1, date: 2, dateTime: 3, money: 4 } as const;

const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}">
<numFmts count="2"><numFmt numFmtId="164" formatCode="d. m. yyyy"/><numFmt numFmtId="165" formatCode="d. m. yyyy h:mm"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

const CONTENT_TYPES = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
</Types>`;

const ROOT_RELS = `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">
<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>
</Relationships>`;

const WORKBOOK_RELS = `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">
<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>
</Relationships>`;

/** Characters XML 1.0 forbids (control characters, lone surrogates, U+FFFE/FFFF): dropped. */
const INVALID_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>"]/g, (char) => ESCAPES[char]!);
}

/** Excel's limit on a cell's text. */
const MAX_CELL_TEXT = 32_767;

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const DAY_MS = 86_400_000;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** Excel's serial day number of a wall-clock date-time `YYYY-MM-DD[THH:MM:SS]`. */
export function excelSerial(local: string): number {
  const [year, month, day] = local.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [hour = 0, minute = 0, second = 0] = local.length > 10 ? local.slice(11).split(':').map(Number) : [];
  return (Date.UTC(year, month - 1, day, hour, minute, second) - EXCEL_EPOCH) / DAY_MS;
}

function textCell(ref: string, text: string, style = 0): string {
  const value = escapeXml(text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text);
  const space = /^\s|\s$|\n/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${space}>${value}</t></is></c>`;
}

function cellXml(ref: string, cell: ExportCell): string {
  if (cell === null) return '';
  switch (cell.type) {
    case 'text':
      return textCell(ref, cell.value);
    case 'number':
      return Number.isFinite(cell.value)
        ? `<c r="${ref}"${cell.money ? ` s="${STYLE.money}"` : ''}><v>${cell.value}</v></c>`
        : '';
    case 'date':
      return `<c r="${ref}" s="${STYLE.date}"><v>${excelSerial(cell.value)}</v></c>`;
    case 'dateTime':
      return `<c r="${ref}" s="${STYLE.dateTime}"><v>${excelSerial(cell.value)}</v></c>`;
  }
}

async function* sheetXml(columns: ExportColumn[], batches: AsyncIterable<EntityRecord[]>) {
  const names = columns.map((_, index) => columnName(index));
  const widths = columns
    .map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`,
    )
    .join('');
  const header = columns
    .map((column, index) => textCell(`${names[index]}1`, column.header, STYLE.header))
    .join('');
  yield `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${
    columns.length > 0 ? `<cols>${widths}</cols>` : ''
  }<sheetData><row r="1">${header}</row>`;
  let rowNumber = 1;
  for await (const records of batches) {
    let chunk = '';
    for (const record of records) {
      rowNumber += 1;
      chunk += `<row r="${rowNumber}">`;
      for (let index = 0; index < columns.length; index += 1) {
        chunk += cellXml(`${names[index]}${rowNumber}`, columns[index]!.cell(record));
      }
      chunk += '</row>';
    }
    yield chunk;
  }
  yield '</sheetData></worksheet>';
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return (
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'List1'
  );
}

/**
 * A one-sheet workbook of the given rows, streamed: bold, frozen header row; numbers as numbers;
 * dates as Excel dates shown as d. m. yyyy; text as inline strings (no shared-string table to hold).
 */
export function streamXlsx(
  title: string,
  columns: ExportColumn[],
  batches: AsyncIterable<EntityRecord[]>,
): Readable {
  const workbook = `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${escapeXml(sheetName(title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return Readable.from(
    zipChunks([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: '_rels/.rels', data: ROOT_RELS },
      { name: 'xl/workbook.xml', data: workbook },
      { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
      { name: 'xl/styles.xml', data: STYLES },
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml(columns, batches) },
    ]),
  );
}
