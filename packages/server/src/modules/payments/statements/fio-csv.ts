/**
 * Reader of Fio banka's CSV export of account movements (internet banking and Fio's API export alike).
 *
 * The file is UTF-8 (with or without a byte order mark) or Windows-1250, values separated by `;` and
 * optionally in double quotes (a quote inside one is doubled). Before the table come lines about the
 * account: `key;value` pairs (`accountId;2001234567`, `bankId;2010`, `currency;CZK`, `iban`, `bic`,
 * `openingBalance`, `closingBalance`, `dateStart`, `dateEnd`, `idFrom`, `idTo`) or, in internet banking's
 * statement, sentences (`Výpis č. 3/2025 z účtu "2001234567/2010"`, `Období: …`). Then the column header
 * and one row per movement:
 *
 *   ID pohybu (or ID operace);Datum;Objem;Měna;Protiúčet;Název protiúčtu;Kód banky;Název banky;KS;VS;SS;
 *   Uživatelská identifikace (or Poznámka);Zpráva pro příjemce;Typ;Provedl;Upřesnění;Komentář;BIC;ID pokynu
 *
 * Columns are found by their names, so their order and the columns the reader does not use do not matter.
 * `Datum` is DD.MM.YYYY; `Objem` is the amount with a decimal comma, negative for money leaving the account,
 * possibly with spaces between thousands (`-1 290,00`).
 */
import { parse } from 'csv-parse/sync';
import {
  czechAccount,
  digitsToInteger,
  FieldProblem,
  isoDate,
  lineProblem,
  negate,
  optionalText,
  paymentSymbol,
  startsWithUtf8Bom,
} from './fields.ts';
import type { Statement, StatementLine, StatementProblem } from './types.ts';

/** A column's names in the exports seen, compared without regard to case. */
const COLUMN_NAMES = {
  id: ['ID pohybu', 'ID operace'],
  date: ['Datum'],
  amount: ['Objem'],
  currency: ['Měna'],
  counterAccount: ['Protiúčet'],
  counterName: ['Název protiúčtu'],
  bankCode: ['Kód banky'],
  constantSymbol: ['KS'],
  variableSymbol: ['VS'],
  specificSymbol: ['SS'],
  message: ['Zpráva pro příjemce'],
  note: ['Uživatelská identifikace', 'Poznámka'],
  comment: ['Komentář'],
};
type Column = keyof typeof COLUMN_NAMES;
type Columns = Partial<Record<Column, number>>;

interface CsvRow {
  /** 1-based line of the file the row starts on */
  line: number;
  cells: string[];
  unreadable?: boolean;
}

interface AccountInfo {
  account: string;
  currency: string | null;
}

/** UTF-8 when the bytes are valid UTF-8 (a byte order mark is dropped), else Windows-1250. */
function decodeCsv(bytes: Uint8Array): string {
  if (startsWithUtf8Bom(bytes)) return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/** The lines above the table: Fio's exports have about a dozen. */
const HEADER_SEARCH_LINES = 100;

/**
 * The file's records from a line on (or up to one) with the line each starts on; a record csv-parse cannot
 * read is marked so.
 */
function csvRows(text: string, lines: { from_line: number } | { to_line: number }): CsvRow[] {
  const rows: CsvRow[] = [];
  let nextLine = 'from_line' in lines ? lines.from_line : 1;
  try {
    parse(text, {
      ...lines,
      delimiter: ';',
      relax_column_count: true,
      relax_quotes: true,
      skip_records_with_error: true,
      on_record: (cells: string[], context) => {
        rows.push({ line: nextLine, cells });
        nextLine = context.lines + 1;
        return null;
      },
      on_skip: (error) => {
        rows.push({ line: nextLine, cells: [], unreadable: true });
        const lines = error?.lines;
        nextLine = typeof lines === 'number' ? lines + 1 : nextLine + 1;
        return undefined;
      },
    });
  } catch {
    rows.push({ line: nextLine, cells: [], unreadable: true });
  }
  return rows;
}

const normalizeName = (name: string) => name.trim().toLocaleLowerCase('cs');

/** The positions of the known columns when the row is the table's header, else null. */
function columnsOf(cells: string[]): Columns | null {
  const names = cells.map(normalizeName);
  const columns: Columns = {};
  for (const [column, candidates] of Object.entries(COLUMN_NAMES) as Array<[Column, string[]]>) {
    const index = candidates.map((name) => names.indexOf(normalizeName(name))).find((found) => found >= 0);
    if (index !== undefined) columns[column] = index;
  }
  const isHeader = columns.id !== undefined && columns.date !== undefined && columns.amount !== undefined;
  return isHeader ? columns : null;
}

/** The account and its currency from the lines above the table. */
function accountInfo(preamble: CsvRow[]): AccountInfo {
  const values = new Map(preamble.map((row) => [row.cells[0]?.trim() ?? '', row.cells[1]?.trim() ?? '']));
  const currency = values.get('currency')?.toUpperCase() || null;
  const accountId = values.get('accountId');
  if (accountId) return { account: accountOf(accountId, values.get('bankId') ?? ''), currency };
  const sentences = preamble.map((row) => row.cells.join(' ')).join('\n');
  const stated = /účtu\s+"?((?:\d{1,6}-)?\d{1,10})\/(\d{4})/.exec(sentences);
  return { account: stated ? accountOf(stated[1]!, stated[2]!) : '', currency };
}

/** An account number as Fio writes it (`2212-2000000699` and a bank code) in the Czech form; others as given. */
function accountOf(number: string, bank: string): string {
  const czech = /^(?:(\d{1,6})-)?(\d{1,10})$/.exec(number.trim());
  if (!czech) return number.trim();
  const account = czechAccount(czech[1] ?? '', czech[2]!, null);
  if (!account) return '';
  return bank.trim() ? `${account}/${bank.trim()}` : account;
}

function csvDate(raw: string): string {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw.trim());
  const date = match && isoDate(Number(match[3]), Number(match[2]), Number(match[1]));
  if (!date) throw new FieldProblem(`datum „${raw.trim()}“ není platné.`);
  return date;
}

/** `-1 290,5` as -129050 haléře: the digits are joined as text, never computed in floating point. */
function csvAmount(raw: string): number {
  const match = /^([+-]?)(\d+)(?:[,.](\d{1,2}))?$/.exec(raw.replace(/\s/g, ''));
  if (!match) throw new FieldProblem(`částka „${raw.trim()}“ není číslo.`);
  const haler = digitsToInteger(`${match[2]}${(match[3] ?? '').padEnd(2, '0')}`, 'částka', raw);
  return match[1] === '-' ? negate(haler) : haler;
}

function csvCurrency(raw: string, statementCurrency: string | null): string {
  const code = raw.trim().toUpperCase();
  if (code === '') return statementCurrency ?? 'CZK';
  if (!/^[A-Z]{3}$/.test(code)) throw new FieldProblem(`neznámá měna „${raw.trim()}“.`);
  return code;
}

function csvTransactionId(raw: string): string {
  const id = raw.trim();
  if (id === '') throw new FieldProblem('chybí ID pohybu.');
  return /^\d+$/.test(id) ? id.replace(/^0+(?=\d)/, '') : id;
}

function readRow(cells: string[], columns: Columns, info: AccountInfo): StatementLine {
  const cell = (column: Column) => {
    const index = columns[column];
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const message = [cell('message'), cell('note'), cell('comment')].map(optionalText).find(Boolean) ?? null;
  const counterAccount = cell('counterAccount').trim();
  return {
    transactionId: csvTransactionId(cell('id')),
    date: csvDate(cell('date')),
    amount: csvAmount(cell('amount')),
    currency: csvCurrency(cell('currency'), info.currency),
    variableSymbol: paymentSymbol(cell('variableSymbol'), 'variabilní symbol'),
    specificSymbol: paymentSymbol(cell('specificSymbol'), 'specifický symbol'),
    constantSymbol: paymentSymbol(cell('constantSymbol'), 'konstantní symbol'),
    counterAccount: counterAccount ? accountOf(counterAccount, cell('bankCode')) || null : null,
    counterName: optionalText(cell('counterName')),
    message,
  };
}

const UNREADABLE_ROW = 'řádek se nedá přečíst jako CSV; zkontrolujte v něm uvozovky.';

/**
 * A Fio CSV file's movements; null when the file has no table of movements with Fio's columns. A row
 * that cannot be read is left out and reported with its line number.
 */
export function readFioCsv(bytes: Uint8Array): Statement | null {
  const text = decodeCsv(bytes);
  const top = csvRows(text, { to_line: HEADER_SEARCH_LINES });
  const headerIndex = top.findIndex((row) => columnsOf(row.cells) !== null);
  const header = top[headerIndex];
  const columns = header && columnsOf(header.cells);
  if (!columns) return null;
  const info = accountInfo(top.slice(0, headerIndex));
  const lines: StatementLine[] = [];
  const problems: StatementProblem[] = [];
  // The table is parsed on its own: csv-parse takes the first record's length as the expected one, and
  // builds a costly error object for every record of another length, such as each row under a preamble.
  const [, ...rows] = csvRows(text, { from_line: header.line });
  for (const row of rows) {
    if (row.unreadable) {
      problems.push(lineProblem(row.line, UNREADABLE_ROW));
    } else if (row.cells.some((cell) => cell.trim() !== '')) {
      try {
        lines.push(readRow(row.cells, columns, info));
      } catch (error) {
        if (!(error instanceof FieldProblem)) throw error;
        problems.push(lineProblem(row.line, error.message));
      }
    }
  }
  return { format: 'fio-csv', account: info.account, lines, problems };
}
