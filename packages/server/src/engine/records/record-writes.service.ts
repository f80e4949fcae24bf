import type { EntityRecord } from '@klubovna/shared';
import { recordVersionSchema } from '@klubovna/shared/validation/input-limits';
import { isForeignKeyViolation } from '../../db/constraint-errors.ts';
import { AppError, validationFailed } from '../../errors/app-error.ts';
import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { EntityHooks } from '../declaration/entity.types.ts';
import { referencingFields } from '../declaration/registry.ts';
import {
  assertMayChange,
  assertMayCreate,
  assertMayDelete,
  assertWritableFields,
  readScope,
} from '../declaration/row-access.ts';
import { assertRelationsExist } from '../relations/relation-checks.ts';
import * as relationRows from '../relations/relations.repository.ts';
import { deleteLinksOf, relatedRecordGone, saveLinks } from '../relations/relations.service.ts';
import { releaseReferences } from '../relations/release-references.ts';
import { moveToTrash } from '../trash/trash.service.ts';
import { diffRecords, type Row, toRow, type Values } from './record-mapper.ts';
import { assertUnique, asValues, checkedAround, defaults, validate } from './record-validation.ts';
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

export { fieldError } from './record-validation.ts';
export { retryingUniqueIndexRaces } from './unique-races.ts';

import { retryingUniqueIndexRaces, retryingUniqueRaces } from './unique-races.ts';

/** A foreign key refusing a write means a related record went away after the check: 409, not 500. */
async function mappingForeignKeys<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isForeignKeyViolation(error) ? relatedRecordGone() : error;
  }
}

const audit = (
  db: repository.DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
  action: 'create' | 'update' | 'delete',
  changes: unknown,
) => repository.insertAudit(db, context.userId, entity, id, action, changes);

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
      const normalized = normalizedBody(hooks, body);
      const sent = hooks.beforeValidate
        ? await hooks.beforeValidate({
            ...hook,
            operation: 'create',
            data: asValues(normalized),
            previous: null,
          })
        : normalized;
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

/** The body as the entity's `normalize` hook tidies it, before anything else looks at it. */
export const normalizedBody = (hooks: EntityHooks, body: unknown): unknown =>
  hooks.normalize ? hooks.normalize(asValues(body)) : body;

/** The values that differ from the stored record: only those are checked for uniqueness and relinked. */
export function changedValues(previous: EntityRecord, merged: Values): Values {
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
    // A hook's write of a generated unique value (a payment's variable symbol) may lose a race: again.
    return await retryingUniqueIndexRaces(context, () =>
      mappingForeignKeys(() =>
        inTransaction(context, async (db) => {
          const hook = hookContext(context, entity, db);
          // In full: the stored values the change is merged into.
          const previous = await findRecord(db, context, entity, id, 'full');
          await assertMayChange(db, entity, context, id);
          const normalized = normalizedBody(hooks, body);
          const sent = hooks.beforeValidate
            ? await hooks.beforeValidate({
                ...hook,
                operation: 'update',
                data: asValues(normalized),
                previous,
              })
            : normalized;
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
      ),
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
  // A hook's write of a generated unique value (a payment's variable symbol) may lose a race: again.
  await retryingUniqueIndexRaces(context, () =>
    inTransaction(context, async (db) => {
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
      await deleteDependents(
        { ...context, trx: db, unscoped: true, deletedWith: entity.declaration.alias },
        entity,
        unique,
        toTrash,
      );
      const lost = await releaseReferences(db, context, entity, records);
      if (toTrash) await moveToTrash(db, context, entity, rows, records, lost);
      await deleteLinksOf(db, entity, unique);
      await repository.deleteRows(db, entity, unique);
      for (const previous of records) {
        await hooks.afterDelete?.({ ...hook, previous });
        await audit(db, context, entity, previous.id, 'delete', diffRecords(previous, null, entity));
      }
    }),
  );
}
