import type { ImportError, ImportReport } from '@klubovna/shared';
import { sql } from 'kysely';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import { recordLabel } from '../records/record-mapper.ts';
import { createRecord, updateRecord } from '../records/record-writes.service.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as repository from '../records/records.repository.ts';
import type { EngineContext } from '../records/records.service.ts';
import type { SheetBody } from './import-batch.ts';

/**
 * The rows saved one by one through the engine's own create and update (validation, hooks, unique and
 * relation checks, audit), each in a savepoint: for entities whose hooks read the database between
 * rows (a generated number sees the rows before), and for a sheet whose row matches a record an
 * earlier row creates.
 */
export async function importRowByRow(
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
