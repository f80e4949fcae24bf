import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EntityRecord, ImportError, ImportReport } from '@klubovna/shared';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { EntityHooks } from '../declaration/entity.types.ts';
import { assertMayCreate, assertWritableFields, writeScope } from '../declaration/row-access.ts';
import { diffRecords, recordLabel, toRecord, toRow, type Values } from '../records/record-mapper.ts';
import { assertRecordRules, asValues, defaults, validate } from '../records/record-validation.ts';
import { changedValues, normalizedBody } from '../records/record-writes.service.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as repository from '../records/records.repository.ts';
import { type EngineContext, toRecords } from '../records/records.service.ts';
import { isPresent, UniqueHolders } from './import-batch-holders.ts';
import { assertLinkable, loadRelationFacts, type RelationFacts } from './import-batch-relations.ts';
import { type Created, chunks, type Update, writeChecked } from './import-batch-write.ts';

// An import's rows checked together and written in a few statements: what the engine's create and
// update check for one record (record-writes.service.ts), read for the whole sheet in a few set-based
// queries and checked in memory row by row, in the sheet's order, as if each row before had been saved.

/** A row of the sheet as the import read it: its values by field, or why they cannot be read. */
export interface SheetBody {
  number: number;
  body: Values;
  problems: ImportError[];
}

/** Hooks that read or write the database between rows would see the rows before unsaved. */
const ROW_BY_ROW_HOOKS: ReadonlyArray<keyof EntityHooks> = [
  'beforeValidate',
  'beforeCreate',
  'afterCreate',
  'beforeUpdate',
  'afterUpdate',
];

/**
 * Whether the rows may be checked together: no hook that reads the database between rows (a
 * generated number, a slug), no row rule (an import is the office's), and no relation of the entity to
 * itself limited by a `where` that a row before could change.
 */
export function checksTogether(entity: CompiledEntity, context: EngineContext): boolean {
  const hooks = entity.declaration.hooks ?? {};
  return (
    ROW_BY_ROW_HOOKS.every((moment) => hooks[moment] === undefined) &&
    writeScope(entity, context) === undefined &&
    !entity.relationFields.some(
      (field) => field.relation!.alias === entity.declaration.alias && (field.targetFilters ?? []).length > 0,
    )
  );
}

/** Rows checked between two turns of the event loop: other requests are answered in between. */
const ROWS_PER_TURN = 500;

const takeTurn = async (index: number) => {
  if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
};

/** A record's values as reading it back after its update answers them (a date-time in UTC…). */
function asStored(entity: CompiledEntity, id: number, values: Values): EntityRecord {
  const record = toRecord(entity, { ...toRow(entity, values), id, version: 0 });
  for (const field of entity.fields) if (field.joinTable) record[field.name] = values[field.name] ?? [];
  return record;
}

/** A row's check in memory: its values or the refusal the engine would have answered. */
type Checked<T> = { ok: T } | { error: unknown };

function checked<T>(work: () => T): Checked<T> {
  try {
    return { ok: work() };
  } catch (error) {
    return { error };
  }
}

const unwrapped = <T>(result: Checked<T>): T => {
  if ('error' in result) throw result.error;
  return result.ok;
};

/** A readable row as the engine would take it: created, or the update of the stored record `id`. */
interface Plan {
  row: SheetBody;
  id: number | undefined;
  values: Checked<Values>;
}

/** What the rows' checks read beforehand and what they leave for the writes. */
interface Batch {
  context: EngineContext;
  entity: CompiledEntity;
  holders: UniqueHolders;
  relations: RelationFacts;
  /** The stored records the rows change, as the rows before left them. */
  current: Map<number, { record: EntityRecord; version: number }>;
  created: Created[];
  updates: Update[];
  now: string;
}

export interface BatchOutcome {
  report: ImportReport;
  /** Join tables the import wrote links into. */
  linkTables: string[];
}

/** Each row validated as the engine's create, or as the update of the stored record its match value names. */
async function planRows(
  entity: CompiledEntity,
  readable: SheetBody[],
  match: CompiledField | undefined,
  holders: UniqueHolders,
): Promise<Plan[]> {
  const hooks = entity.declaration.hooks ?? {};
  const plans: Plan[] = [];
  for (const [index, row] of readable.entries()) {
    await takeTurn(index);
    const value = match ? row.body[match.name] : null;
    const id = isPresent(value) ? holders.storedHolderOf(match!, value) : undefined;
    const values =
      id === undefined
        ? checked(() => {
            const sent = asValues(normalizedBody(hooks, row.body));
            const validated = validate(entity, { ...defaults(entity), ...sent }, false);
            assertRecordRules(entity, validated);
            return validated;
          })
        : checked(() => validate(entity, normalizedBody(hooks, row.body), true));
    plans.push({ row, id, values });
  }
  return plans;
}

/** The stored records the rows change, as the form reads them in full. */
async function readCurrent(
  context: EngineContext,
  db: DynamicDb,
  entity: CompiledEntity,
  plans: Plan[],
): Promise<Batch['current']> {
  const current: Batch['current'] = new Map();
  const ids = [...new Set(plans.flatMap((plan) => (plan.id === undefined ? [] : [plan.id])))];
  for (const part of chunks(ids)) {
    const found = await repository.findRows(db, entity, part);
    for (const record of await toRecords(db, context, entity, found, 'full'))
      current.set(record.id, { record, version: Number(record.version) });
  }
  return current;
}

/** The engine's checks of a create, on the records as the rows before left them. */
async function checkCreate(batch: Batch, row: SheetBody, plan: Plan): Promise<void> {
  const { context, entity, holders } = batch;
  assertMayCreate(entity, context);
  assertWritableFields(entity, context, Object.keys(row.body));
  const values = unwrapped(plan.values);
  holders.assertFree(values);
  await assertLinkable(context, entity, batch.relations, values);
  const record: Created = { values };
  batch.created.push(record);
  holders.take(values, record);
}

/** The engine's checks of an update of the stored record `id`, on the records as the rows before left them. */
async function checkUpdate(batch: Batch, row: SheetBody, id: number, plan: Plan): Promise<void> {
  const { context, entity, holders } = batch;
  const { record: previous, version } = batch.current.get(id)!;
  const changes = unwrapped(plan.values);
  assertWritableFields(entity, context, Object.keys(changedValues(previous, changes)));
  const merged: Values = { ...previous, ...changes };
  assertRecordRules(entity, merged);
  const changed = changedValues(previous, merged);
  holders.assertFree(changed, id);
  await assertLinkable(context, entity, batch.relations, changed);
  batch.updates.push({
    number: row.number,
    id,
    version,
    row: { ...toRow(entity, merged), updated_at: batch.now },
    changed,
    changes: diffRecords(previous, merged, entity),
  });
  holders.take(changed, id, previous);
  batch.current.set(id, { record: asStored(entity, id, merged), version: version + 1 });
}

function reportRow(
  report: ImportReport,
  entity: CompiledEntity,
  row: SheetBody,
  problems: ImportError[],
  action: 'create' | 'update',
): void {
  const label = recordLabel(entity, row.body);
  if (problems.length > 0) {
    report.errors.push(...problems);
    report.rows.push({ row: row.number, label, action: 'error' });
  } else {
    report.rows.push({ row: row.number, label, action });
    report[action === 'create' ? 'created' : 'updated']++;
  }
}

/**
 * Checks every row in the sheet's order, each on what the rows before it left, and reports them.
 * Undefined when a row matches a record an earlier row of the sheet creates, or took the value from.
 */
async function checkRows(
  batch: Batch,
  rows: SheetBody[],
  plans: Plan[],
  match: CompiledField | undefined,
  errorsOf: (error: unknown, row: number) => ImportError[],
  dryRun: boolean,
): Promise<ImportReport | undefined> {
  const report: ImportReport = { dryRun, rows: [], created: 0, updated: 0, errors: [] };
  const planOf = new Map(plans.map((plan) => [plan.row, plan]));
  for (const [index, row] of rows.entries()) {
    await takeTurn(index);
    const plan = planOf.get(row);
    const problems = [...row.problems];
    const action = plan?.id === undefined ? 'create' : 'update';
    if (plan) {
      const value = match ? row.body[match.name] : null;
      const holder = isPresent(value) ? batch.holders.holderOf(match!, value) : undefined;
      if (holder !== plan.id) return undefined;
      try {
        if (plan.id === undefined) await checkCreate(batch, row, plan);
        else await checkUpdate(batch, row, plan.id, plan);
      } catch (error) {
        problems.push(...errorsOf(error, row.number));
      }
    }
    reportRow(report, batch.entity, row, problems, action);
  }
  return report;
}

/**
 * Checks the rows as the engine's create and update would, each on the state the rows before it left,
 * and when none failed and it is not a dry run writes them: the new records a few hundred per insert with their audit rows,
 * each changed one by its update. Undefined when a row matches a record an earlier row of the same
 * sheet creates (the caller then saves the rows one by one).
 */
export async function importTogether(
  context: EngineContext,
  db: DynamicDb,
  entity: CompiledEntity,
  rows: SheetBody[],
  match: CompiledField | undefined,
  errorsOf: (error: unknown, row: number) => ImportError[],
  dryRun: boolean,
): Promise<BatchOutcome | undefined> {
  const readable = rows.filter((row) => row.problems.length === 0);
  const holders = new UniqueHolders(db, entity);
  if (match) await holders.load(match, readable.map((row) => row.body[match.name]).filter(isPresent));
  const plans = await planRows(entity, readable, match, holders);
  const current = await readCurrent(context, db, entity, plans);
  // Who holds the unique values the rows bring, and which related records their relations may name.
  const brought = plans.flatMap((plan) => ('ok' in plan.values ? [plan.values.ok] : []));
  for (const field of holders.fields)
    await holders.load(field, brought.map((values) => values[field.name]).filter(isPresent));
  const relations = await loadRelationFacts(db, context, entity, brought);
  const now = new Date().toISOString();
  const batch: Batch = { context, entity, holders, relations, current, created: [], updates: [], now };

  const report = await checkRows(batch, rows, plans, match, errorsOf, dryRun);
  if (!report) return undefined;
  // A dry run has its answer now: the writes below can fail only for a write of another user between.
  if (report.errors.length > 0 || dryRun) return { report, linkTables: [] };
  const linkTables = await writeChecked(db, context, entity, batch.created, batch.updates, report, errorsOf);
  return { report, linkTables };
}
