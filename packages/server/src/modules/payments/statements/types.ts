/** The statement formats the reader knows. */
export type StatementFormat = 'gpc' | 'fio-csv';

/** Something in the file that could not be read, in Czech; `line` is 1-based, 0 for the whole file. */
export interface StatementProblem {
  line: number;
  message: string;
}

/** One movement on the account, the same whichever format it came from. */
export interface StatementLine {
  /** The bank's id of the movement (Fio's "ID pohybu", the GPC document number); '' when the file has none. */
  transactionId: string;
  /** YYYY-MM-DD */
  date: string;
  /** Integer haléře (cents), negative for money leaving the account. */
  amount: number;
  /** ISO 4217 letters, e.g. CZK. */
  currency: string;
  /** Digits with leading zeros stripped; null when empty or zero. */
  variableSymbol: string | null;
  specificSymbol: string | null;
  constantSymbol: string | null;
  /** Czech form `prefix-number/bank` (prefix and bank left out when the file has none); other forms (IBAN) as given. */
  counterAccount: string | null;
  counterName: string | null;
  message: string | null;
}

/** A statement file as read: its lines and what could not be read. Reading never throws on bad input. */
export interface Statement {
  /** null when the file is neither format. */
  format: StatementFormat | null;
  /** The statement's own account in Czech form; '' when the file does not say. */
  account: string;
  lines: StatementLine[];
  problems: StatementProblem[];
}
