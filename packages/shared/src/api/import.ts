/** A column of an uploaded file: its header and a few of its values. */
export interface ImportColumn {
  header: string;
  samples: string[];
}

/** A field an import may fill. */
export interface ImportField {
  name: string;
  label: string;
  kind: string;
  required: boolean;
  unique: boolean;
}

/** What an uploaded file holds, and which field each column probably fills (guessed from Czech labels). */
export interface ImportPreview {
  format: string;
  rowCount: number;
  columns: ImportColumn[];
  fields: ImportField[];
  /** Column header → field name, or null when no field matches. */
  guessed: Record<string, string | null>;
}

/** How to import: which field each column fills, and which unique field finds records to update. */
export interface ImportOptions {
  mapping: Record<string, string | null>;
  matchBy: string | null;
}

/** One problem of one row: the row's number in the file (the header is row 1), the column, a Czech message. */
export interface ImportError {
  row: number;
  column: string | null;
  message: string;
}

/** What an import did or, on a dry run, would do: per row, and in total. */
export interface ImportReport {
  dryRun: boolean;
  /** Each data row: its number, the record's label as the row gives it, and what it does. */
  rows: { row: number; label: string; action: 'create' | 'update' | 'error' }[];
  created: number;
  updated: number;
  errors: ImportError[];
}
