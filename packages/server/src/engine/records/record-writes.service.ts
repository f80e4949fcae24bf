import type { EntityRecord, ValidationError } from '@klubovna/shared';
import { isMaskedBirthNumber } from '@klubovna/shared/validation/birth-number';
import { labelledMessages } from '@klubovna/shared/validation/czech-messages';
import { recordVersionSchema } from '@klubovna/shared/validation/input-limits';
import { recordRuleErrors } from '@klubovna/shared/validation/record-rules';
import { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { AppError, validationFailed } from '../../errors/app-error.ts';
import { issuesToValidationErrors } from '../../http/zod-type-provider.ts';
import { type CompiledEntity, initialValue, isSensitiveKind } from '../declaration/compile-entity.ts';
import { referencingFields } from '../declaration/registry.ts';
import {
  assertMayChange,
  assertMayCreate,
  assertMayDelete,
  assertWritableFields,
  readScope,
} from '../declaration/row-access.ts';
import * as relationRows from '../relations/relations.repository.ts';
import {
  assertRelationsExist,
  deleteLinksOf,
  normalizeRelationValues,
  relatedRecordGone,
  releaseReferences,
  saveLinks,
} from '../relations/relations.service.ts';
import { moveToTrash } from '../trash/trash.service.ts';
import { diffRecords, type Row, toRow, type Values } from './record-mapper.ts';
import * as repository from './records.repository.ts';
import {
  dynamic,
  type EngineContext,
  findRecord,
  hookContext,
  inTransaction,
  recordMissing,
  toRecords,
} from './records.service.ts';

/** A hook's refusal: a Czech 400 pointing at one field of the form. */
export function fieldError(field: string, message: string): AppError {
  return validationFailed([{ path: field, message }]);
}

/** Built once per entity: Zod compiles each object schema, which cost more than the rest of a save. */
const bodySchemas = new WeakMap<CompiledEntity, { full: z.ZodObject; partial: z.ZodObject }>();

function bodySchema(entity: CompiledEntity, partial: boolean): z.ZodObject {
  let schemas = bodySchemas.get(entity);
  if (!schemas) {
    const full = z.object(
      Object.fromEntries(
        entity.fields.filter((field) => !field.readOnly).map((field) => [field.name, field.schema]),
      ),
    );
    schemas = { full, partial: full.partial() };
    bodySchemas.set(entity, schemas);
  }
  return partial ? schemas.partial : schemas.full;
}

/**
 * The body without the sensitive values sent back as they were shown, masked (a form saved by someone
 * who may not read them): those mean "unchanged".
 */
function withoutMaskedValues(entity: CompiledEntity, body: unknown): unknown {
  const sensitive = entity.fields.filter((field) => isSensitiveKind(field.kind));
  if (sensitive.length === 0 || body === null || typeof body !== 'object') return body ?? {};
  const values = { ...(body as Values) };
  for (const field of sensitive) if (isMaskedBirthNumber(values[field.name])) delete values[field.name];
  return values;
}

/** Zod's own messages name the field by its label ("Zadejte do pole „Kapacita“ nejvýše 10."). */
const labelledBy = new WeakMap<CompiledEntity, ReturnType<typeof labelledMessages>>();

function validate(entity: CompiledEntity, body: unknown, partial: boolean): Values {
  let error = labelledBy.get(entity);
  if (!error) {
    error = labelledMessages((path) => entity.byName.get(String(path[0]))?.label);
    labelledBy.set(entity, error);
  }
  const result = bodySchema(entity, partial).safeParse(withoutMaskedValues(entity, body), { error });
  if (!result.success) throw validationFailed(issuesToValidationErrors(result.error.issues));
  const values = Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined));
  const relationErrors = normalizeRelationValues(entity, values);
  if (relationErrors.length > 0) throw validationFailed(relationErrors);
  return values;
}

/** The declared order of the record's dates (an end not before its start), on the values as they stand. */
function assertRecordRules(entity: CompiledEntity, values: Values) {
  const errors = recordRuleErrors(entity.fields, values);
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * Runs a before-hook: the rules are checked before it (it works on sane values) and again on what it
 * returns (a value it filled in, a group membership's start, say, is checked too).
 */
async function checkedAround(
  entity: CompiledEntity,
  values: Values,
  hook: (() => Values | undefined | Promise<Values | undefined>) | undefined,
): Promise<Values> {
  assertRecordRules(entity, values);
  const changed = await hook?.();
  if (!changed) return values;
  assertRecordRules(entity, changed);
  return changed;
}

const asValues = (body: unknown): Values =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Values) } : {};

/** A foreign key refusing a write means a related record went away after the check: 409, not 500. */
async function mappingForeignKeys<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isForeignKeyViolation(error) ? relatedRecordGone() : error;
  }
}

async function assertUnique(
  db: repository.DynamicDb,
  entity: CompiledEntity,
  values: Values,
  exceptId?: number,
) {
  const errors: ValidationError[] = [];
  for (const field of entity.fields) {
    const value = values[field.name];
    if (!field.unique || value === null || value === undefined) continue;
    if (await repository.findDuplicate(db, entity, field.column, value, exceptId)) {
      errors.push({ path: field.name, message: `Hodnotu pole „${field.label}“ už má jiný záznam.` });
    }
  }
  if (errors.length > 0) throw new DuplicateValue(errors);
}

/** A unique field's value another record has (a 400 pointing at the fields). */
class DuplicateValue extends AppError {
  readonly fields: string[];

  constructor(errors: ValidationError[]) {
    const refusal = validationFailed(errors);
    super(refusal.code, refusal.status, refusal.message, { validationErrors: errors });
    this.fields = errors.map((error) => error.path);
  }
}

function defaults(entity: CompiledEntity): Values {
  return Object.fromEntries(entity.fields.map((field) => [field.name, initialValue(field)]));
}

const audit = (
  db: repository.DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
  action: 'create' | 'update' | 'delete',
  changes: unknown,
) => repository.insertAudit(db, context.userId, entity, id, action, changes);

/** How many times a create that lost a race for a unique value (one its hooks generated) is tried. */
const UNIQUE_RACE_ATTEMPTS = 30;

const uniqueRaceLost = () =>
  new AppError('CONFLICT', 409, 'Záznam se stejnou hodnotou mezitím uložil někdo jiný. Zkuste to znovu.');

/**
 * Runs work again while it fails as `raceLost` says: a value it generated was taken meanwhile, and a
 * new transaction sees it. Inside a caller's own transaction nothing can be retried, and the refusal
 * stands: a duplicate value on its field, else a conflict.
 */
async function retrying<T>(
  context: EngineContext,
  work: () => Promise<T>,
  raceLost: (error: unknown) => boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!raceLost(error)) throw error;
      if (context.trx || attempt >= UNIQUE_RACE_ATTEMPTS)
        throw error instanceof DuplicateValue ? error : uniqueRaceLost();
    }
  }
}

/** Runs a whole transaction's work (an action's) again when a unique index refused one of its writes. */
export const retryingUniqueIndexRaces = <T>(context: EngineContext, work: () => Promise<T>): Promise<T> =>
  retrying(context, work, isUniqueViolation);

/**
 * Runs a create again when a unique index refused it, or its check found a value the client did not
 * send (one a hook generated, such as a number) taken by a create committed meanwhile.
 */
function retryingUniqueRaces<T>(context: EngineContext, body: unknown, work: () => Promise<T>): Promise<T> {
  const sent = asValues(body);
  const generatedTaken = (error: unknown) =>
    error instanceof DuplicateValue &&
    error.fields.every((field) => sent[field] == null || sent[field] === '');
  return retrying(context, work, (error) => isUniqueViolation(error) || generatedTaken(error));
}

export async function createRecord(context: EngineContext, entity: CompiledEntity, body: unknown) {
  assertMayCreate(entity, context);
  assertWritableFields(entity, context, Object.keys(asValues(body)));
  const hooks = entity.declaration.hooks ?? {};
  return retryingUniqueRaces(context, body, () => createOnce(context, entity, body, hooks));
}

function createOnce(
  context: EngineContext,
  entity: CompiledEntity,
  body: unknown,
  hooks: NonNullable<CompiledEntity['declaration']['hooks']>,
) {
  return mappingForeignKeys(() =>
    inTransaction(context, async (db) => {
      const hook = hookContext(context, entity, db);
      const sent = hooks.beforeValidate
        ? await hooks.beforeValidate({ ...hook, operation: 'create', data: asValues(body), previous: null })
        : body;
      const validated = validate(entity, { ...defaults(entity), ...asValues(sent) }, false);
      const values = await checkedAround(
        entity,
        validated,
        hooks.beforeCreate && (() => hooks.beforeCreate!({ ...hook, data: validated })),
      );
      await assertUnique(db, entity, values);
      await assertRelationsExist(db, context.entities, entity, values);
      const now = new Date().toISOString();
      const id = await repository.insertRow(db, entity, {
        ...toRow(entity, values),
        created_at: now,
        updated_at: now,
      });
      await saveLinks(db, entity, id, values);
      await assertMayChange(db, entity, context, id);
      const record = await findRecord(db, context, entity, id);
      await hooks.afterCreate?.({ ...hook, record });
      await audit(db, context, entity, id, 'create', diffRecords(null, values, entity));
      return record;
    }),
  );
}

/** The values that differ from the stored record: only those are checked for uniqueness and relinked. */
function changedValues(previous: EntityRecord, merged: Values): Values {
  return Object.fromEntries(
    Object.entries(merged).filter(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(previous[name]),
    ),
  );
}

/** Thrown inside the transaction when the version is stale, so that nothing of the save is kept. */
class StaleVersion extends Error {}

export async function updateRecord(
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
  body: unknown,
) {
  const version = recordVersionSchema.safeParse((body as { version?: unknown } | null)?.version);
  if (!version.success)
    throw validationFailed([{ path: 'version', message: version.error.issues[0]!.message }]);
  const hooks = entity.declaration.hooks ?? {};
  try {
    return await mappingForeignKeys(() =>
      inTransaction(context, async (db) => {
        const hook = hookContext(context, entity, db);
        // In full: the stored values the change is merged into.
        const previous = await findRecord(db, context, entity, id, 'full');
        await assertMayChange(db, entity, context, id);
        const sent = hooks.beforeValidate
          ? await hooks.beforeValidate({ ...hook, operation: 'update', data: asValues(body), previous })
          : body;
        const changes = validate(entity, sent, true);
        assertWritableFields(entity, context, Object.keys(changedValues(previous, changes)));
        const sentMerged: Values = { ...previous, ...changes };
        const merged = await checkedAround(
          entity,
          sentMerged,
          hooks.beforeUpdate && (() => hooks.beforeUpdate!({ ...hook, data: sentMerged, previous })),
        );
        const changed = changedValues(previous, merged);
        await assertUnique(db, entity, changed, id);
        await assertRelationsExist(db, context.entities, entity, changed);
        const row = { ...toRow(entity, merged), updated_at: new Date().toISOString() };
        if (!(await repository.updateRow(db, entity, id, version.data, row))) throw new StaleVersion();
        await saveLinks(db, entity, id, changed);
        await assertMayChange(db, entity, context, id);
        const record = await findRecord(db, context, entity, id);
        await hooks.afterUpdate?.({ ...hook, record, previous });
        await audit(db, context, entity, id, 'update', diffRecords(previous, merged, entity));
        return record;
      }),
    );
  } catch (error) {
    if (!(error instanceof StaleVersion)) throw error;
    const latest = await findRecord(context.trx ?? (context.db as never), context, entity, id);
    throw new AppError('CONFLICT', 409, 'Záznam mezitím uložil někdo jiný. Načtěte jeho aktuální podobu.', {
      details: { current: latest },
    });
  }
}

/**
 * Deletes, as deleteRecords does, the records whose 'delete' relations point at `ids` (a camp's
 * participants, a race's entries): into the trash, each by its own rules and with its own audit entry.
 */
async function deleteDependents(
  context: EngineContext,
  entity: CompiledEntity,
  ids: number[],
  toTrash: boolean,
) {
  const dependents = referencingFields(context.entities, entity).filter(({ deletesOwner }) => deletesOwner);
  for (const { owner, field } of dependents) {
    const except = owner === entity ? ids : [];
    const rows = await relationRows.referencingRows(dynamic(context), owner, field, ids, except);
    const owners = [...new Set(rows.map((row) => Number(row.owner_id)))];
    if (owners.length > 0) await deleteRecords(context, owner, owners, { toTrash });
  }
}

/**
 * Deletes all or none, into the trash unless `toTrash` is false; refused while 'restrict' relations
 * point at any of them, links of 'cascade' relations removed (the trash remembers them for a restore).
 */
export async function deleteRecords(
  context: EngineContext,
  entity: CompiledEntity,
  ids: number[],
  { toTrash = true }: { toTrash?: boolean } = {},
) {
  if (entity.declaration.deletable === false)
    throw new AppError('NOT_DELETABLE', 400, `${entity.declaration.labels.plural} se nemažou.`);
  const unique = [...new Set(ids)];
  const hooks = entity.declaration.hooks ?? {};
  await inTransaction(context, async (db) => {
    const hook = hookContext(context, entity, db);
    const rows: Row[] = [];
    const scope = readScope(entity, context);
    for (const id of unique) {
      const row = await repository.findRow(db, entity, id, undefined, scope);
      if (!row) throw recordMissing(entity);
      rows.push(row);
    }
    assertMayDelete(entity, context);
    for (const id of unique) await assertMayChange(db, entity, context, id);
    const records: EntityRecord[] = await toRecords(db, context, entity, rows);
    for (const previous of records) await hooks.beforeDelete?.({ ...hook, previous });
    // The person's right to these records covers what goes with them.
    await deleteDependents({ ...context, trx: db, unscoped: true }, entity, unique, toTrash);
    const lost = await releaseReferences(db, context, entity, records);
    if (toTrash) await moveToTrash(db, context, entity, rows, records, lost);
    await deleteLinksOf(db, entity, unique);
    await repository.deleteRows(db, entity, unique);
    for (const previous of records) {
      await hooks.afterDelete?.({ ...hook, previous });
      await audit(db, context, entity, previous.id, 'delete', diffRecords(previous, null, entity));
    }
  });
}
