/**
 * Reader of ABO/GPC statements (`.gpc`), the fixed-width format Czech banks export (KB, ČSOB, Česká
 * spořitelna, Fio, Raiffeisenbank…).
 *
 * A file is Windows-1250 text of records of 128 characters, one per line, ended by CRLF (LF is accepted
 * too). Numbers are zero-padded on the left, texts space-padded on the right, amounts are unsigned
 * integers in haléře. Positions are 1-based and inclusive.
 *
 * The records a file holds, field by field, are described and read in gpc-records.ts: a header (074)
 * opens each statement, an item (075) is one movement, and detail records (076, 078, 079) that some
 * banks add after an item belong to it.
 *
 * How the reader uses it: a debit and the reversal of a credit take money out (negative amount), a credit
 * and the reversal of a debit bring it in. The date is the due date, or the value date when the due date
 * is zeros. Years are 2000–2099. A file may hold several statements of one account one after another;
 * items under the header of a different account are left out and reported.
 */
import { FieldProblem, lineProblem, startsWithUtf8Bom } from './fields.ts';
import { addDetail, DETAIL_TYPES, type GpcHeader, readHeader, readItem } from './gpc-records.ts';
import type { Statement, StatementLine, StatementProblem } from './types.ts';

export type { GpcHeader } from './gpc-records.ts';

export interface GpcStatement extends Statement {
  format: 'gpc';
  /** Every 074 record that could be read, in file order. */
  headers: GpcHeader[];
}

/** Windows-1250 as banks write GPC; UTF-8 only when the file says so with a byte order mark. */
function decodeGpc(bytes: Uint8Array): string {
  if (startsWithUtf8Bom(bytes)) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  return new TextDecoder('windows-1250').decode(bytes);
}

const isBlank = (record: string) => record.trim() === '' || record === '\u001a';

/** Reads record by record, keeping which statement and which item a record belongs to. */
class GpcReader {
  readonly lines: StatementLine[] = [];
  readonly problems: StatementProblem[] = [];
  readonly headers: GpcHeader[] = [];
  account: string | null = null;
  private sawRecord = false;
  private otherAccount = false;
  /** The item detail records attach to: undefined before any, null after one that could not be read. */
  private item: StatementLine | null | undefined;

  read(record: string, lineNumber: number): void {
    if (isBlank(record)) return;
    const type = record.slice(0, 3);
    if (!this.sawRecord && type !== '074') {
      this.problems.push(lineProblem(lineNumber, 'výpis nezačíná hlavičkou (záznamem 074).'));
    }
    this.sawRecord = true;
    try {
      this.readRecord(type, record, lineNumber);
    } catch (error) {
      if (!(error instanceof FieldProblem)) throw error;
      this.problems.push(lineProblem(lineNumber, error.message));
    }
  }

  private readRecord(type: string, record: string, lineNumber: number): void {
    if (type === '074') {
      this.readHeaderRecord(record, lineNumber);
      return;
    }
    // The records of another account's statement were reported once, at its header.
    if (this.otherAccount) return;
    if (type === '075') this.readItemRecord(record);
    else if (DETAIL_TYPES.has(type)) this.readDetail(type, record, lineNumber);
    else this.problems.push(lineProblem(lineNumber, `neznámý typ záznamu „${type}“, řádek je vynechán.`));
  }

  private readHeaderRecord(record: string, lineNumber: number): void {
    this.item = undefined;
    const header = readHeader(record);
    this.headers.push(header);
    this.account ??= header.account;
    this.otherAccount = header.account !== this.account;
    if (this.otherAccount) {
      this.problems.push(
        lineProblem(lineNumber, `výpis jiného účtu (${header.account}), jeho položky jsou vynechány.`),
      );
    }
  }

  private readItemRecord(record: string): void {
    this.item = null;
    const line = readItem(record);
    this.lines.push(line);
    this.item = line;
  }

  private readDetail(type: string, record: string, lineNumber: number): void {
    const item = this.item;
    if (item === null) return;
    if (item === undefined) {
      this.problems.push(
        lineProblem(lineNumber, `doplňující záznam ${type} nepatří k žádné položce, je vynechán.`),
      );
      return;
    }
    addDetail(item, type, record);
  }
}

/** A GPC file's movements; a record that cannot be read is left out and reported with its line number. */
export function readGpc(bytes: Uint8Array): GpcStatement {
  const reader = new GpcReader();
  decodeGpc(bytes)
    .split(/\r\n|\n|\r/)
    .forEach((record, index) => {
      reader.read(record, index + 1);
    });
  return {
    format: 'gpc',
    account: reader.account ?? '',
    lines: reader.lines,
    problems: reader.problems,
    headers: reader.headers,
  };
}
