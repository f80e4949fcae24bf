import ExcelJS from 'exceljs';
import type { HttpClient } from './http-client.ts';

/** The raw bytes of a GET answer (HttpClient decodes text), with the client's session cookie. */
export async function getBytes(client: HttpClient, path: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(client.baseUrl + path, { headers: { cookie } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * The first sheet of an XLSX file as ExcelJS reads it. ExcelJS parses every part of the file with
 * saxes, a conforming XML parser, so a part that is not well-formed XML fails the read.
 */
export async function readFirstSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

/** A row's values from column A on, empty cells as null. */
export function rowValues(sheet: ExcelJS.Worksheet, row: number): ExcelJS.CellValue[] {
  const values = sheet.getRow(row).values as ExcelJS.CellValue[];
  return Array.from({ length: sheet.columnCount }, (_, index) => values[index + 1] ?? null);
}
