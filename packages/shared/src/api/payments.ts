/** What became (or, on a dry run, would become) of one incoming line of a bank statement. */
export interface SettledStatementLine {
  /** The bank's id of the movement, or one made of the line's content when the file has none. */
  transactionId: string;
  /** YYYY-MM-DD */
  date: string;
  /** Haléře. */
  amount: number;
  currency: string;
  variableSymbol: string | null;
  counterName: string | null;
  /** `matched` to a request, `unmatched` (waits for the office), `imported` before (left as it was). */
  result: 'matched' | 'unmatched' | 'imported';
  payment: { id: number; title: string; variableSymbol: string; member: string } | null;
}

/** The answer of `POST /api/cms/payments/statements`: a statement's incoming lines settled, or not yet. */
export interface StatementImport {
  dryRun: boolean;
  matched: number;
  unmatched: number;
  imported: number;
  lines: SettledStatementLine[];
  format: 'gpc' | 'fio-csv';
  /** The statement's own account in Czech form; '' when the file does not say. */
  account: string;
  /** What could not be read, in Czech; `line` is 1-based, 0 for the whole file. */
  problems: { line: number; message: string }[];
}

/** The answer of `POST /api/cms/payments/reminders`: how many mails went out, about how many requests. */
export interface PaymentRemindersSent {
  /** Mails sent (a request's member and each guardian with an address get one). */
  sent: number;
  /** Overdue requests among those asked for. */
  overdue: number;
}
