import { startsWithUtf8Bom } from './fields.ts';
import { readFioCsv } from './fio-csv.ts';
import { readGpc } from './gpc.ts';
import type { Statement } from './types.ts';

export type { Statement, StatementFormat, StatementLine, StatementProblem } from './types.ts';

const unrecognised = (): Statement => ({
  format: null,
  account: '',
  lines: [],
  problems: [{ line: 0, message: 'Soubor není výpis ve formátu ABO/GPC ani CSV z Fio banky.' }],
});

/** The first three characters of the file, which name a GPC record's type. */
function firstRecordType(file: Uint8Array): string {
  const start = startsWithUtf8Bom(file) ? 3 : 0;
  return String.fromCharCode(...file.subarray(start, start + 3));
}

/**
 * A bank statement file read into its movements: ABO/GPC when it starts with a header record (074), or
 * with an item record (075) in a file named `.gpc`, so that the missing header is reported; else Fio's
 * CSV. Bad input never throws: what cannot be read is in `problems`, in Czech.
 */
export function readStatement(file: Buffer, fileName?: string): Statement {
  const recordType = firstRecordType(file);
  const namedGpc = /\.gpc$/i.test(fileName ?? '');
  if (recordType === '074' || (recordType === '075' && namedGpc)) return readGpc(file);
  return readFioCsv(file) ?? unrecognised();
}
