import type { CompiledEntity } from '../declaration/compile-entity.ts';
import type { EntityAction } from '../declaration/entity.types.ts';
import { assertMayChange, assertUnlimited, rowsOf } from '../declaration/row-access.ts';
import type { Values } from '../records/record-mapper.ts';
import {
  createRecord,
  deleteRecords,
  retryingUniqueIndexRaces,
  updateRecord,
} from '../records/record-writes.service.ts';
import { insertAudit } from '../records/records.repository.ts';
import { type EngineContext, entityFor, findRecord, inTransaction } from '../records/records.service.ts';

/**
 * Runs a declared action in one transaction: the record its path names (if any) is read there, the
 * engine's own writes it makes join it, and an audit row records the action's name and input. Work
 * that lost a race for a unique value (a number it generated) runs again in a new transaction.
 * An action that only reads (a GET, or one declared `audited: false`) leaves no audit row.
 */
export function runAction(
  context: EngineContext,
  entity: CompiledEntity,
  name: string,
  action: EntityAction,
  input: unknown,
  id: number | undefined,
): Promise<unknown> {
  if (action.wholeTable) assertUnlimited(entity, context, `Akci „${action.label}“`);
  return retryingUniqueIndexRaces(context, () => runOnce(context, entity, name, action, input, id));
}

function runOnce(
  context: EngineContext,
  entity: CompiledEntity,
  name: string,
  action: EntityAction,
  input: unknown,
  id: number | undefined,
): Promise<unknown> {
  return inTransaction(context, async (trx) => {
    const inner: EngineContext = { ...context, trx };
    const record = id === undefined ? null : await findRecord(trx, inner, entity, id);
    if (id !== undefined && (action.access ?? 'write') === 'write')
      await assertMayChange(trx, entity, inner, id);
    const records = {
      read: (alias: string, recordId: number) =>
        findRecord(trx, inner, entityFor(inner, alias, 'read'), recordId),
      create: (alias: string, body: Values) => createRecord(inner, entityFor(inner, alias, 'write'), body),
      update: (alias: string, recordId: number, body: Values) =>
        updateRecord(inner, entityFor(inner, alias, 'write'), recordId, body),
      delete: (alias: string, ids: number[]) =>
        deleteRecords(inner, entityFor(inner, alias, 'write'), ids, { toTrash: false }),
    };
    const result = await action.run({
      db: trx,
      userId: context.userId,
      roles: context.roles,
      entity,
      entities: context.entities,
      rowsOf: (alias, access = 'read') => rowsOf(entityFor(inner, alias, 'read'), inner, access),
      input,
      record,
      records,
    });
    if (action.audited ?? (action.method ?? 'POST') !== 'GET') {
      await insertAudit(trx, context.userId, entity, id ?? 0, 'action', { action: name, input });
    }
    return result;
  });
}
