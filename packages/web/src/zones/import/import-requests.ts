import type { ImportOptions, ImportReport } from '@klubovna/shared';
import { ApiError } from '../../api/api-errors.ts';

/** The upload of an import call: the file, and the column mapping and match field once chosen. */
export function formOf(file: File, options?: ImportOptions): FormData {
  const form = new FormData();
  form.append('file', file);
  if (options) form.append('options', JSON.stringify(options));
  return form;
}

/** The report a refused import carries (400 with `error.report`). */
export function refusedReport(error: unknown): ImportReport | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return (error.body as { error?: { report?: ImportReport } } | null)?.error?.report;
}
