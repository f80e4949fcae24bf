import type { ImportError, ImportOptions, ImportReport } from '@klubovna/shared';
import { engineWork } from '../../db/engine-work.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import { czechPlural } from '../schema/czech-text.ts';
import { checksTogether, importTogether } from './import-batch.ts';
import { type MappedColumn, mappedColumns } from './import-columns.ts';
import { importRowByRow } from './import-row-by-row.ts';
import { readRows } from './import-rows.ts';
import type { Sheet } from './import-sheet.ts';

/** The rows' problems as the engine reported them: each on the column of its field. */
function errorsOf(error: unknown, row: number, columns: MappedColumn[]): ImportError[] {
  if (!(error instanceof AppError)) throw error;
  const headerOf = (path: string) =>
    columns.find((column) => column.target.name === path.split('.')[0])?.header ?? null;
  const reported = error.validationErrors ?? [];
  return reported.length > 0
    ? reported.map((problem) => ({ row, column: headerOf(problem.path), message: problem.message }))
    : [{ row, column: null, message: error.message }];
}

/** Thrown to roll the import's transaction back after a dry run or an error, carrying the report. */
class RolledBack extends Error {
  readonly report: ImportReport;
  constructor(report: ImportReport) {
    super('import rolled back');
    this.report = report;
  }
}

/** Rows an import saves from which the tables it wrote are settled (EngineWork.settleAfterBulkWrite). */
export const SETTLE_AFTER_ROWS = 1000;

/**
 * Imports the sheet's rows as the engine's own create and update would save them one by one
 * (validation, hooks, unique and relation checks, audit), all in one transaction: kept only when it is
 * not a dry run and no row failed. Rows whose `matchBy` value names an existing record update it.
 * Where no hook reads the database between rows, the rows are checked together in memory against
 * what a few set-based queries read, and written a few hundred per statement (import-batch.ts).
 */
export async function runImport(
  context: EngineContext,
  entity: CompiledEntity,
  sheet: Sheet,
  options: ImportOptions,
  dryRun: boolean,
): Promise<ImportReport> {
  const { columns, match } = mappedColumns(entity, sheet, options);
  const rowErrors = (error: unknown, row: number) => errorsOf(error, row, columns);
  const written = new Set<string>([entity.declaration.table]);
  try {
    const report = await context.db.transaction().execute(async (transaction) => {
      const db = transaction as unknown as DynamicDb;
      const inside: EngineContext = { ...context, trx: db, imported: true };
      const rows = await readRows(db, context, sheet, columns);
      const together = checksTogether(entity, inside)
        ? await importTogether(inside, db, entity, rows, match, rowErrors, dryRun)
        : undefined;
      for (const table of together?.linkTables ?? entity.relationFields.map((field) => field.joinTable))
        if (table) written.add(table);
      const report =
        together?.report ?? (await importRowByRow(inside, db, entity, rows, match, rowErrors, dryRun));
      if (dryRun || report.errors.length > 0) throw new RolledBack(report);
      return report;
    });
    if (report.created + report.updated >= SETTLE_AFTER_ROWS)
      await engineWork(context.db).settleAfterBulkWrite(context.db, [...written]);
    return report;
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    if (dryRun) return error.report;
    throw new AppError(
      'IMPORT_FAILED',
      400,
      `Import se neprovedl, nic se neuložilo: ${error.report.errors.length} ${czechPlural(error.report.errors.length, { one: 'chyba', few: 'chyby', many: 'chyb' })}. Opravte je a zkuste to znovu.`,
      { details: { report: error.report } },
    );
  }
}
