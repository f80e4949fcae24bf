import type { ImportField, ImportOptions, ImportPreview } from '@klubovna/shared';
import { AppError } from '../../errors/app-error.ts';
import { type CompiledEntity, type CompiledField, isSensitiveKind } from '../declaration/compile-entity.ts';
import { currencyColumnHeader } from '../export/export-columns.ts';
import { searchNormalize } from '../schema/czech-text.ts';
import type { Sheet } from './import-sheet.ts';
import { cellText } from './import-values.ts';

// Which field each column of an imported sheet fills: the columns' preview with guesses, and the
// mapping the office chose, checked.

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
export interface ImportTarget {
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
export const looseKey = (text: string) => searchNormalize(text).replace(/[^a-z0-9]/g, '');

/** The file's columns with a few values, and the field each one probably fills (by label or name). */
export function previewImport(entity: CompiledEntity, sheet: Sheet): ImportPreview {
  const targets = importTargets(entity);
  const byKey = new Map<string, string>();
  for (const target of targets) {
    byKey.set(looseKey(target.name), target.name);
    byKey.set(looseKey(target.label), target.name);
  }
  const taken = new Set<string>();
  const guessed: Record<string, string | null> = {};
  for (const header of sheet.headers) {
    const name = byKey.get(looseKey(header));
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
export interface MappedColumn {
  index: number;
  header: string;
  target: ImportTarget;
}

export function mappedColumns(entity: CompiledEntity, sheet: Sheet, options: ImportOptions) {
  const importable = new Map(importTargets(entity).map((target) => [target.name, target]));
  const columns: MappedColumn[] = [];
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
