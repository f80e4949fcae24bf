import type { ImportError } from '@klubovna/shared';
import type { CompiledField } from '../declaration/compile-entity.ts';
import { readField, recordLabel, type Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import { allLabelRows } from '../relations/relations.repository.ts';
import type { SheetBody } from './import-batch.ts';
import { looseKey, type MappedColumn } from './import-columns.ts';
import type { Cell, Sheet } from './import-sheet.ts';
import {
  type Converted,
  cellText,
  convertCell,
  convertCurrency,
  type RelationResolver,
} from './import-values.ts';

// A sheet's rows read as the API's bodies: each mapped cell converted by its field's kind, related
// records found by their labels, and every cell that cannot be read reported on its row and column.

/** Values past the header's last column: they have no field to go to, so the row is refused. */
function extraValuesProblem(headerCount: number, cells: Cell[]): string | null {
  const extra = cells.slice(headerCount).filter((cell) => cell !== null);
  if (extra.length === 0) return null;
  const values = extra.map((cell) => `„${cellText(cell)}“`).join(', ');
  return `Hodnoty za posledním sloupcem s názvem se nemají kam uložit: ${values}. Doplňte názvy sloupců do prvního řádku, nebo hodnoty navíc smažte.`;
}

/** A row's cells as the API body: each mapped column converted by its field's kind, or its problems. */
function rowBody(columns: MappedColumn[], number: number, cells: Cell[], resolve: RelationResolver) {
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
      const label = looseKey(recordLabel(target, values));
      labels.set(label, [...(labels.get(label) ?? []), Number(row.id)]);
    }
    cache.set(target.declaration.alias, labels);
  };
  const resolve: RelationResolver = (field, label): Converted => {
    const target = context.entities.get(field.relation!.alias)!;
    const ids = cache.get(target.declaration.alias)!.get(looseKey(label)) ?? [];
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

/** The sheet's rows as bodies, each with the problems of its cells. */
export async function readRows(
  db: DynamicDb,
  context: EngineContext,
  sheet: Sheet,
  columns: MappedColumn[],
): Promise<SheetBody[]> {
  const relations = relationResolver(db, context);
  for (const { target } of columns) if (target.field.relation) await relations.load(target.field);
  return sheet.rows.map(({ number, cells, unreadable }) => {
    const { body, problems } = rowBody(columns, number, cells, relations.resolve);
    const extra = unreadable ?? extraValuesProblem(sheet.headers.length, cells);
    if (extra) problems.unshift({ row: number, column: null, message: extra });
    return { number, body, problems };
  });
}
