import type { ImportError, ImportReport } from '@klubovna/shared';
import { insertMany } from '../../db/bulk-insert.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { Row, Values } from '../records/record-mapper.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as repository from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import { uniqueRaceLost } from '../records/unique-races.ts';
import * as relationRows from '../relations/relations.repository.ts';
import { relatedRecordGone } from '../relations/relations.service.ts';

// The writing of an import's rows once import-batch.ts has checked them all: the new records a few
// hundred per insert with their links and audit rows, each changed one by its update.

/** Values one `in (…)` list carries: far below both engines' limits on bound parameters. */
const IN_LIST = 1000;

export const chunks = <T>(items: readonly T[], size = IN_LIST): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** A record the import creates: it holds its unique values from its row on. */
export interface Created {
  values: Values;
}

/** A record the import changes, with its stored row and what changed. */
export interface Update {
  number: number;
  id: number;
  version: number;
  row: Row;
  changed: Values;
  changes: unknown;
}

/** A constraint refusing a checked write means another write came between: a conflict, not a 500. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw relatedRecordGone();
    if (isUniqueViolation(error)) throw uniqueRaceLost();
    throw error;
  }
}

async function write(
  db: DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  created: Created[],
  updates: Update[],
  report: ImportReport,
  errorsOf: (error: unknown, row: number) => ImportError[],
): Promise<string[]> {
  const linkTables = new Set<string>();
  const ids = await repository.insertRecords(
    db,
    context.userId,
    entity,
    created.map((record) => record.values),
  );
  for (const field of entity.relationFields) {
    if (!field.joinTable) continue;
    const links = created.flatMap((record, index) =>
      ((record.values[field.name] as number[] | undefined) ?? []).map((target) => ({
        owner_id: ids[index]!,
        target_id: target,
      })),
    );
    await insertMany(db, field.joinTable, links);
    if (links.length > 0) linkTables.add(field.joinTable);
  }
  for (const update of updates) {
    if (!(await repository.updateRow(db, entity, update.id, update.version, update.row))) {
      // Saved by someone else since it was read: as the engine's update answers it.
      const stale = new AppError(
        'CONFLICT',
        409,
        'Záznam mezitím uložil někdo jiný. Načtěte jeho aktuální podobu.',
      );
      report.errors.push(...errorsOf(stale, update.number));
      const entry = report.rows.find((row) => row.row === update.number)!;
      entry.action = 'error';
      report.updated--;
      continue;
    }
    for (const field of entity.relationFields) {
      if (!field.joinTable || !(field.name in update.changed)) continue;
      await relationRows.replaceLinks(db, field, update.id, update.changed[field.name] as number[]);
      linkTables.add(field.joinTable);
    }
  }
  await repository.insertAudits(
    db,
    context.userId,
    entity,
    updates.map((update) => ({ recordId: update.id, action: 'update' as const, changes: update.changes })),
  );
  return [...linkTables];
}

/** Writes the checked rows; a constraint refusing one answers 409 (another write came between). */
export const writeChecked = (
  db: DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  created: Created[],
  updates: Update[],
  report: ImportReport,
  errorsOf: (error: unknown, row: number) => ImportError[],
): Promise<string[]> => writing(() => write(db, context, entity, created, updates, report, errorsOf));
