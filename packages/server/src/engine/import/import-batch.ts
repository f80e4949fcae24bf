import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EntityRecord, ImportError, ImportReport, ValidationError } from '@klubovna/shared';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { EntityHooks } from '../declaration/entity.types.ts';
import { assertMayCreate, assertWritableFields, writeScope } from '../declaration/row-access.ts';
import {
  diffRecords,
  type Row,
  recordLabel,
  toRecord,
  toRow,
  type Values,
} from '../records/record-mapper.ts';
import {
  assertRecordRules,
  asValues,
  DuplicateValue,
  defaults,
  duplicateValueError,
  validate,
} from '../records/record-validation.ts';
import { changedValues, normalizedBody } from '../records/record-writes.service.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import * as repository from '../records/records.repository.ts';
import { type EngineContext, toRecords } from '../records/records.service.ts';
import * as relationRows from '../relations/relations.repository.ts';
import {
  type Linkable,
  relationIds,
  relationProblem,
  relationsRefused,
} from '../relations/relation-checks.ts';
import { labelsById } from '../relations/relations.service.ts';
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

/** A value as a key of the maps below: what `column = value` compares. */
const keyOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** Rows checked between two turns of the event loop: other requests are answered in between. */
const ROWS_PER_TURN = 500;

/** A record's values as reading it back after its update answers them (a date-time in UTC…). */
function asStored(entity: CompiledEntity, id: number, values: Values): EntityRecord {
  const record = toRecord(entity, { ...toRow(entity, values), id, version: 0 });
  for (const field of entity.fields) if (field.joinTable) record[field.name] = values[field.name] ?? [];
  return record;
}

/** Who holds a unique value: a stored record by id, or a row of the sheet that creates one. */
type Holder = number | Created;

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

export interface BatchOutcome {
  report: ImportReport;
  /** Join tables the import wrote links into. */
  linkTables: string[];
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
  const hooks = entity.declaration.hooks ?? {};
  const readable = rows.filter((row) => row.problems.length === 0);
  const uniqueFields = entity.fields.filter((field) => field.unique);

  // Which stored records the rows' match values name.
  const matchValues = match
    ? readable.map((row) => row.body[match.name]).filter((value) => value !== null && value !== undefined)
    : [];
  const holders = new Map<CompiledField, Map<string, Holder>>(
    uniqueFields.map((field) => [field, new Map<string, Holder>()]),
  );
  const loadHolders = async (field: CompiledField, values: unknown[]) => {
    const known = holders.get(field)!;
    const wanted = [...new Map(values.map((value) => [keyOf(value), value])).entries()]
      .filter(([key]) => !known.has(key))
      .map(([, value]) => value);
    for (const part of chunks(wanted)) {
      const found = await db
        .selectFrom(entity.declaration.table)
        .select(['id', field.column])
        .where(field.column, 'in', part)
        .execute();
      for (const row of found as Row[]) known.set(keyOf(row[field.column]), Number(row.id));
    }
  };
  if (match) await loadHolders(match, matchValues);
  const storedHolder = (value: unknown) => {
    const holder = match && holders.get(match)!.get(keyOf(value));
    return typeof holder === 'number' ? holder : undefined;
  };

  // Each row as the engine would take it: created, or the update of the record its match value names.
  const plans: { row: SheetBody; id: number | undefined; values: Checked<Values> }[] = [];
  for (const [index, row] of readable.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    const value = match ? row.body[match.name] : null;
    const id = value !== null && value !== undefined ? storedHolder(value) : undefined;
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

  // The stored records the rows change, as the form reads them in full.
  const current = new Map<number, { record: EntityRecord; version: number }>();
  const ids = [...new Set(plans.flatMap((plan) => (plan.id === undefined ? [] : [plan.id])))];
  for (const part of chunks(ids)) {
    const found = await repository.findRows(db, entity, part);
    for (const record of await toRecords(db, context, entity, found, 'full'))
      current.set(record.id, { record, version: Number(record.version) });
  }

  // Who holds the unique values the rows bring, and which related records their relations may name.
  const brought = plans.flatMap((plan) => ('ok' in plan.values ? [plan.values.ok] : []));
  for (const field of uniqueFields)
    await loadHolders(
      field,
      brought.map((values) => values[field.name]).filter((value) => value !== null && value !== undefined),
    );
  const linkable = new Map<CompiledField, Linkable & { labels: Map<number, string> }>();
  for (const field of entity.relationFields) {
    const target = context.entities.get(field.relation!.alias)!;
    const wanted = [...new Set(brought.flatMap((values) => relationIds(field, values)))];
    const existing = new Set<number>();
    const accepted = new Set<number>();
    for (const part of chunks(wanted)) {
      const found = await relationRows.linkableIds(db, target, part, field.targetFilters);
      for (const id of found.existing) existing.add(id);
      for (const id of found.accepted) accepted.add(id);
    }
    const labels = new Map<number, string>();
    for (const part of chunks([...existing].filter((id) => !accepted.has(id))))
      for (const [id, label] of await labelsById(db, target, part)) labels.set(id, label);
    linkable.set(field, { existing, accepted, labels });
  }

  /** The engine's uniqueness check of `values` against the records as the rows before left them. */
  const assertUniqueNow = (values: Values, self?: Holder) => {
    const errors: ValidationError[] = [];
    for (const field of uniqueFields) {
      const value = values[field.name];
      if (value === null || value === undefined) continue;
      const holder = holders.get(field)!.get(keyOf(value));
      if (holder !== undefined && holder !== self) errors.push(duplicateValueError(field));
    }
    if (errors.length > 0) throw new DuplicateValue(errors);
  };
  const assertRelationsNow = async (values: Values) => {
    const errors: ValidationError[] = [];
    for (const field of entity.relationFields) {
      const ids = relationIds(field, values);
      if (ids.length === 0) continue;
      const facts = linkable.get(field)!;
      const target = context.entities.get(field.relation!.alias)!;
      const problem = await relationProblem(field, target, ids, facts, (refused) =>
        refused.map((id) => facts.labels.get(id) ?? ''),
      );
      if (problem) errors.push(problem);
    }
    if (errors.length > 0) throw relationsRefused(errors);
  };
  /** The rows after take `values` as held by `holder` from now on, and `previous` as given up. */
  const hold = (values: Values, holder: Holder, previous?: Values) => {
    for (const field of uniqueFields) {
      if (!(field.name in values)) continue;
      const known = holders.get(field)!;
      const before = previous?.[field.name];
      if (before !== null && before !== undefined && known.get(keyOf(before)) === holder)
        known.delete(keyOf(before));
      const value = values[field.name];
      if (value !== null && value !== undefined) known.set(keyOf(value), holder);
    }
  };

  const report: ImportReport = { dryRun, rows: [], created: 0, updated: 0, errors: [] };
  const created: Created[] = [];
  const updates: Update[] = [];
  const planOf = new Map(plans.map((plan) => [plan.row, plan]));
  const now = new Date().toISOString();
  for (const [index, row] of rows.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    const plan = planOf.get(row);
    const problems = [...row.problems];
    let action: 'create' | 'update' = 'create';
    if (plan) {
      const value = match ? row.body[match.name] : null;
      const holder =
        value !== null && value !== undefined ? holders.get(match!)!.get(keyOf(value)) : undefined;
      // A row before created the record this one matches, or took the value from the one it matched.
      if (holder !== plan.id) return undefined;
      try {
        if (plan.id === undefined) {
          assertMayCreate(entity, context);
          assertWritableFields(entity, context, Object.keys(row.body));
          const values = unwrapped(plan.values);
          assertUniqueNow(values);
          await assertRelationsNow(values);
          const record: Created = { values };
          created.push(record);
          hold(values, record);
        } else {
          action = 'update';
          const { record: previous, version } = current.get(plan.id)!;
          const changes = unwrapped(plan.values);
          assertWritableFields(entity, context, Object.keys(changedValues(previous, changes)));
          const merged: Values = { ...previous, ...changes };
          assertRecordRules(entity, merged);
          const changed = changedValues(previous, merged);
          assertUniqueNow(changed, plan.id);
          await assertRelationsNow(changed);
          updates.push({
            number: row.number,
            id: plan.id,
            version,
            row: { ...toRow(entity, merged), updated_at: now },
            changed,
            changes: diffRecords(previous, merged, entity),
          });
          hold(changed, plan.id, previous);
          current.set(plan.id, { record: asStored(entity, plan.id, merged), version: version + 1 });
        }
      } catch (error) {
        problems.push(...errorsOf(error, row.number));
      }
    }
    const label = recordLabel(entity, row.body);
    if (problems.length > 0) {
      report.errors.push(...problems);
      report.rows.push({ row: row.number, label, action: 'error' });
    } else {
      report.rows.push({ row: row.number, label, action });
      report[action === 'create' ? 'created' : 'updated']++;
    }
  }
  // A dry run has its answer now: the writes below can fail only for a write of another user between.
  if (report.errors.length > 0 || dryRun) return { report, linkTables: [] };

  const linkTables = await writeChecked(db, context, entity, created, updates, report, errorsOf);
  return { report, linkTables };
}
