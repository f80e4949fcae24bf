import type { ImportError, ImportField, ImportOptions, ImportPreview, ImportReport } from '@klubovna/shared';
import { sql } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import { readField, recordLabel, type Values } from '../records/record-mapper.ts';
import { createRecord, updateRecord } from '../records/record-writes.service.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as repository from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import { allLabelRows } from '../relations/relations.repository.ts';
import { czechPlural, searchNormalize } from '../schema/czech-text.ts';
import type { Cell, Sheet } from './import-sheet.ts';
import { type Converted, cellText, convertCell, type RelationResolver } from './import-values.ts';

const SAMPLES = 3;

/** Fields an import may fill: everything a form writes except uploads. */
export function importableFields(entity: CompiledEntity): CompiledField[] {
  return entity.fields.filter((field) => !field.readOnly && field.kind !== 'file' && field.kind !== 'image');
}

/** Letters and digits without diacritics: `E-mail` and `email`, `Datum narození` and `datum_narozeni` meet. */
const key = (text: string) => searchNormalize(text).replace(/[^a-z0-9]/g, '');

/** The file's columns with a few values, and the field each one probably fills (by label or name). */
export function previewImport(entity: CompiledEntity, sheet: Sheet): ImportPreview {
  const fields = importableFields(entity);
  const byKey = new Map<string, string>();
  for (const field of fields) {
    byKey.set(key(field.name), field.name);
    byKey.set(key(field.label), field.name);
  }
  const taken = new Set<string>();
  const guessed: Record<string, string | null> = {};
  for (const header of sheet.headers) {
    const name = byKey.get(key(header));
    guessed[header] = name && !taken.has(name) ? name : null;
    if (name) taken.add(name);
  }
  return {
    format: sheet.format,
    rowCount: sheet.rows.length,
    columns: sheet.headers.map((header, index) => ({
      header,
      samples: sheet.rows
        .map((row) => cellText(row.cells[index] ?? null))
        .filter(Boolean)
        .slice(0, SAMPLES),
    })),
    fields: fields.map(
      (field): ImportField => ({
        name: field.name,
        label: field.label,
        kind: field.kind,
        required: Boolean(field.required),
        unique: Boolean(field.unique),
      }),
    ),
    guessed,
  };
}

const badOptions = (message: string) => new AppError('BAD_REQUEST', 400, message);

/** The mapped columns (index, header, field); refuses unknown fields, a field twice, a wrong match field. */
function mappedColumns(entity: CompiledEntity, sheet: Sheet, options: ImportOptions) {
  const importable = new Map(importableFields(entity).map((field) => [field.name, field]));
  const columns: { index: number; header: string; field: CompiledField }[] = [];
  for (const [index, header] of sheet.headers.entries()) {
    const name = options.mapping[header];
    if (!name) continue;
    const field = importable.get(name);
    if (!field) throw badOptions(`Do pole „${name}“ nelze importovat.`);
    if (columns.some((column) => column.field === field))
      throw badOptions(`Pole „${field.label}“ je přiřazeno více sloupcům.`);
    columns.push({ index, header, field });
  }
  if (columns.length === 0) throw badOptions('Přiřaďte alespoň jeden sloupec k poli.');
  const match = options.matchBy ? importable.get(options.matchBy) : undefined;
  if (options.matchBy && (!match?.unique || !columns.some((column) => column.field === match)))
    throw badOptions('Záznamy ke změně lze hledat jen podle jedinečného pole, které má přiřazený sloupec.');
  return { columns, match };
}

/** Finds related records by label without diacritics, reading each target's labels once. */
function relationResolver(db: DynamicDb, context: EngineContext) {
  const cache = new Map<string, Map<string, number[]>>();
  const load = async (field: CompiledField) => {
    const target = context.entities.get(field.relation!.alias)!;
    if (cache.has(target.declaration.alias)) return;
    const labels = new Map<string, number[]>();
    for (const row of await allLabelRows(db, target)) {
      const values: Values = {};
      for (const name of target.declaration.labelFields)
        values[name] = readField(target.byName.get(name)!, row);
      const label = key(recordLabel(target, values));
      labels.set(label, [...(labels.get(label) ?? []), Number(row.id)]);
    }
    cache.set(target.declaration.alias, labels);
  };
  const resolve: RelationResolver = (field, label): Converted => {
    const target = context.entities.get(field.relation!.alias)!;
    const ids = cache.get(target.declaration.alias)!.get(key(label)) ?? [];
    const { singular } = target.declaration.labels;
    if (ids.length === 1) return { value: ids[0] };
    return {
      error:
        ids.length === 0
          ? `Záznam „${label}“ (${singular}) neexistuje.`
          : `Názvu „${label}“ odpovídá více záznamů (${singular}); upřesněte ho.`,
    };
  };
  return { load, resolve };
}

/** The rows' problems as the engine reported them: each on the column of its field. */
function errorsOf(
  error: unknown,
  row: number,
  columns: { header: string; field: CompiledField }[],
): ImportError[] {
  if (!(error instanceof AppError)) throw error;
  const headerOf = (path: string) =>
    columns.find((column) => column.field.name === path.split('.')[0])?.header ?? null;
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

/**
 * Imports the sheet's rows through the engine's own create and update (validation, hooks, unique and
 * relation checks, audit), each row in a savepoint, all in one transaction: kept only when it is not a
 * dry run and no row failed. Rows whose `matchBy` value names an existing record update it.
 */
export async function runImport(
  context: EngineContext,
  entity: CompiledEntity,
  sheet: Sheet,
  options: ImportOptions,
  dryRun: boolean,
): Promise<ImportReport> {
  const { columns, match } = mappedColumns(entity, sheet, options);
  try {
    return await context.db.transaction().execute(async (transaction) => {
      const db = transaction as unknown as DynamicDb;
      const inside: EngineContext = { ...context, trx: db };
      const relations = relationResolver(db, context);
      for (const { field } of columns) if (field.relation) await relations.load(field);
      const report: ImportReport = { dryRun, rows: [], created: 0, updated: 0, errors: [] };
      for (const { number, cells } of sheet.rows) {
        const body: Values = {};
        const problems: ImportError[] = [];
        for (const { index, header, field } of columns) {
          const converted = convertCell(field, (cells[index] ?? null) as Cell, relations.resolve);
          if ('error' in converted) problems.push({ row: number, column: header, message: converted.error });
          else body[field.name] = converted.value;
        }
        const matched =
          match && problems.length === 0 && body[match.name] !== null
            ? await repository.findDuplicate(db, entity, match.column, body[match.name])
            : undefined;
        if (problems.length === 0) {
          await sql`savepoint import_row`.execute(db);
          try {
            if (matched) {
              const current = await repository.findRow(db, entity, Number(matched.id));
              await updateRecord(inside, entity, Number(matched.id), { ...body, version: current!.version });
            } else {
              await createRecord(inside, entity, body);
            }
            await sql`release savepoint import_row`.execute(db);
          } catch (error) {
            await sql`rollback to savepoint import_row`.execute(db);
            await sql`release savepoint import_row`.execute(db);
            problems.push(...errorsOf(error, number, columns));
          }
        }
        const label = recordLabel(entity, body);
        if (problems.length > 0) {
          report.errors.push(...problems);
          report.rows.push({ row: number, label, action: 'error' });
        } else {
          report.rows.push({ row: number, label, action: matched ? 'update' : 'create' });
          if (matched) report.updated++;
          else report.created++;
        }
      }
      if (dryRun || report.errors.length > 0) throw new RolledBack(report);
      return report;
    });
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
