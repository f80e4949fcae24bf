import type { ImportError, ImportField, ImportOptions, ImportPreview, ImportReport } from '@klubovna/shared';
import { sql } from 'kysely';
import { engineWork } from '../../db/engine-work.ts';
import { AppError } from '../../errors/app-error.ts';
import { type CompiledEntity, type CompiledField, isSensitiveKind } from '../declaration/compile-entity.ts';
import { currencyColumnHeader } from '../export/export-columns.ts';
import { readField, recordLabel, type Values } from '../records/record-mapper.ts';
import { createRecord, updateRecord } from '../records/record-writes.service.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as repository from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import { allLabelRows } from '../relations/relations.repository.ts';
import { czechPlural, searchNormalize } from '../schema/czech-text.ts';
import { checksTogether, importTogether, type SheetBody } from './import-batch.ts';
import type { Cell, Sheet } from './import-sheet.ts';
import {
  type Converted,
  cellText,
  convertCell,
  convertCurrency,
  type RelationResolver,
} from './import-values.ts';

const SAMPLES = 3;

/** Fields an import may fill: everything a form writes except uploads and sensitive data. */
export function importableFields(entity: CompiledEntity): CompiledField[] {
  return entity.fields.filter(
    (field) =>
      !field.readOnly && field.kind !== 'file' && field.kind !== 'image' && !isSensitiveKind(field.kind),
  );
}

/**
 * What a column may fill: a field, or the currency of a money field, which exports write in a column
 * of its own (`Příspěvek – měna`) and which is named `<field>.currency` here.
 */
interface ImportTarget {
  name: string;
  label: string;
  field: CompiledField;
  currency: boolean;
}

function importTargets(entity: CompiledEntity): ImportTarget[] {
  return importableFields(entity).flatMap((field) => {
    const value = { name: field.name, label: field.label, field, currency: false };
    if (field.kind !== 'money') return [value];
    const label = currencyColumnHeader(field.label);
    return [value, { name: `${field.name}.currency`, label, field, currency: true }];
  });
}

/** Letters and digits without diacritics: `E-mail` and `email`, `Datum narození` and `datum_narozeni` meet. */
const key = (text: string) => searchNormalize(text).replace(/[^a-z0-9]/g, '');

/** The file's columns with a few values, and the field each one probably fills (by label or name). */
export function previewImport(entity: CompiledEntity, sheet: Sheet): ImportPreview {
  const targets = importTargets(entity);
  const byKey = new Map<string, string>();
  for (const target of targets) {
    byKey.set(key(target.name), target.name);
    byKey.set(key(target.label), target.name);
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
    fields: targets.map(
      ({ name, label, field, currency }): ImportField => ({
        name,
        label,
        kind: currency ? 'currency' : field.kind,
        required: !currency && Boolean(field.required),
        unique: !currency && Boolean(field.unique),
      }),
    ),
    guessed,
  };
}

const badOptions = (message: string) => new AppError('BAD_REQUEST', 400, message);

/** The mapped columns (index, header, target); refuses unknown fields, a field twice, a wrong match field. */
function mappedColumns(entity: CompiledEntity, sheet: Sheet, options: ImportOptions) {
  const importable = new Map(importTargets(entity).map((target) => [target.name, target]));
  const columns: { index: number; header: string; target: ImportTarget }[] = [];
  for (const [index, header] of sheet.headers.entries()) {
    const name = options.mapping[header];
    if (!name) continue;
    const target = importable.get(name);
    if (!target) throw badOptions(`Do pole „${name}“ nelze importovat.`);
    if (columns.some((column) => column.target === target))
      throw badOptions(`Pole „${target.label}“ je přiřazeno více sloupcům.`);
    columns.push({ index, header, target });
  }
  if (columns.length === 0) throw badOptions('Přiřaďte alespoň jeden sloupec k poli.');
  for (const { target } of columns)
    if (
      target.currency &&
      !columns.some((column) => column.target.field === target.field && !column.target.currency)
    )
      throw badOptions(`Měnu pole „${target.field.label}“ lze importovat jen spolu s jeho částkou.`);
  const match = options.matchBy ? importable.get(options.matchBy) : undefined;
  if (
    options.matchBy &&
    (!match?.field.unique || match.currency || !columns.some((column) => column.target === match))
  )
    throw badOptions('Záznamy ke změně lze hledat jen podle jedinečného pole, které má přiřazený sloupec.');
  return { columns, match: match?.field };
}

/** Values past the header's last column: they have no field to go to, so the row is refused. */
function extraValuesProblem(headerCount: number, cells: Cell[]): string | null {
  const extra = cells.slice(headerCount).filter((cell) => cell !== null);
  if (extra.length === 0) return null;
  const values = extra.map((cell) => `„${cellText(cell)}“`).join(', ');
  return `Hodnoty za posledním sloupcem s názvem se nemají kam uložit: ${values}. Doplňte názvy sloupců do prvního řádku, nebo hodnoty navíc smažte.`;
}

/** A row's cells as the API body: each mapped column converted by its field's kind, or its problems. */
function rowBody(
  columns: { index: number; header: string; target: ImportTarget }[],
  number: number,
  cells: Cell[],
  resolve: RelationResolver,
) {
  const body: Values = {};
  const problems: ImportError[] = [];
  const cell = (index: number) => (cells[index] ?? null) as Cell;
  for (const { index, header, target } of columns) {
    if (target.currency) continue;
    const converted = convertCell(target.field, cell(index), resolve);
    if ('error' in converted) problems.push({ row: number, column: header, message: converted.error });
    else body[target.field.name] = converted.value;
  }
  for (const { index, header, target } of columns) {
    const money = body[target.field.name] as { currency: string } | null | undefined;
    if (!target.currency || !money || cell(index) === null) continue;
    const currency = convertCurrency(cell(index));
    if ('error' in currency) problems.push({ row: number, column: header, message: currency.error });
    else body[target.field.name] = { ...money, currency: currency.value };
  }
  return { body, problems };
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
  columns: { header: string; target: ImportTarget }[],
): ImportError[] {
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

/**
 * The rows saved one by one through the engine's own create and update (validation, hooks, unique and
 * relation checks, audit), each in a savepoint: for entities whose hooks read the database between
 * rows (a generated number sees the rows before), and for a sheet whose row matches a record an
 * earlier row creates.
 */
async function importRowByRow(
  inside: EngineContext,
  db: DynamicDb,
  entity: CompiledEntity,
  rows: SheetBody[],
  match: CompiledField | undefined,
  errorsOf: (error: unknown, row: number) => ImportError[],
  dryRun: boolean,
): Promise<ImportReport> {
  const report: ImportReport = { dryRun, rows: [], created: 0, updated: 0, errors: [] };
  for (const { number, body, problems: read } of rows) {
    const problems = [...read];
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
        problems.push(...errorsOf(error, number));
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
  return report;
}

/** Rows an import saves from which the database's statistics of the tables it wrote are refreshed. */
export const STATISTICS_AFTER_ROWS = 1000;

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
      const relations = relationResolver(db, context);
      for (const { target } of columns) if (target.field.relation) await relations.load(target.field);
      const rows: SheetBody[] = sheet.rows.map(({ number, cells, unreadable }) => {
        const { body, problems } = rowBody(columns, number, cells, relations.resolve);
        const extra = unreadable ?? extraValuesProblem(sheet.headers.length, cells);
        if (extra) problems.unshift({ row: number, column: null, message: extra });
        return { number, body, problems };
      });
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
    // Not the search index of members (`members_trigrams`, RANKED_SEARCH): sampling its millions of
    // entries took 3 s on PostgreSQL, the table itself 0.6 s, and its statistics only choose a
    // search's lead trigram.
    if (report.created + report.updated >= STATISTICS_AFTER_ROWS)
      await engineWork(context.db).refreshStatistics(context.db, [...written]);
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
