import { can, type EntityRecord, type Role } from '@klubovna/shared';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import { AppError, forbidden, notFound, validationFailed } from '../errors/app-error.ts';
import { issuesToValidationErrors } from '../http/zod-type-provider.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { parseDatagridQuery } from './datagrid-query.ts';
import { diffRecords, toRecord, toRow, type Values } from './record-mapper.ts';
import * as repository from './records.repository.ts';
import { ENTITIES } from './registry.ts';

export interface EngineContext {
  db: Db;
  engine: Engine;
  userId: number;
  roles: Role[];
}

/** The entity behind an alias, if the user's roles grant the access; 404 for unknown aliases. */
export function entityFor(alias: string, roles: Role[], access: 'read' | 'write'): CompiledEntity {
  const entity = ENTITIES.get(alias);
  if (!entity) throw notFound('Neznámý typ záznamu.');
  if (!can(roles, entity.declaration.area, access)) throw forbidden();
  return entity;
}

const dynamic = (context: EngineContext) => context.db as unknown as repository.DynamicDb;

export async function listRecords(context: EngineContext, entity: CompiledEntity, search: URLSearchParams) {
  const query = parseDatagridQuery(entity, search);
  const { items, total } = await repository.listRows(dynamic(context), entity, context.engine, query);
  return { items: items.map((row) => toRecord(entity, row)), total, page: query.page, limit: query.limit };
}

export async function getRecord(
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
): Promise<EntityRecord> {
  const row = await repository.findRow(dynamic(context), entity, id);
  if (!row) throw notFound(`${entity.declaration.labels.singular} neexistuje nebo byl smazán.`);
  return toRecord(entity, row);
}

function validate(entity: CompiledEntity, body: unknown, partial: boolean): Values {
  const shape = Object.fromEntries(
    entity.fields.filter((field) => !field.readOnly).map((field) => [field.name, field.schema]),
  );
  const schema = partial ? z.object(shape).partial() : z.object(shape);
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationFailed(issuesToValidationErrors(result.error.issues));
  return Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined));
}

async function assertUnique(
  context: EngineContext,
  entity: CompiledEntity,
  values: Values,
  exceptId?: number,
) {
  for (const field of entity.fields) {
    const value = values[field.name];
    if (!field.unique || value === null || value === undefined) continue;
    if (await repository.findDuplicate(dynamic(context), entity, field.column, value, exceptId)) {
      throw validationFailed([
        { path: field.name, message: `Hodnotu pole „${field.label}“ už má jiný záznam.` },
      ]);
    }
  }
}

function defaults(entity: CompiledEntity): Values {
  return Object.fromEntries(
    entity.fields.map((field) => [
      field.name,
      field.defaultValue ?? (field.kind === 'boolean' ? false : null),
    ]),
  );
}

export async function createRecord(context: EngineContext, entity: CompiledEntity, body: unknown) {
  const values = { ...defaults(entity), ...validate(entity, body, false) };
  await assertUnique(context, entity, values);
  const now = new Date().toISOString();
  const id = await context.db.transaction().execute(async (trx) => {
    const db = trx as unknown as repository.DynamicDb;
    const recordId = await repository.insertRow(db, entity, {
      ...toRow(entity, values),
      created_at: now,
      updated_at: now,
    });
    const changes = diffRecords(null, values, entity);
    await repository.insertAudit(db, {
      userId: context.userId,
      entity: entity.declaration.alias,
      recordId,
      action: 'create',
      changes,
    });
    return recordId;
  });
  return getRecord(context, entity, id);
}

export async function updateRecord(
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
  body: unknown,
) {
  const version = (body as { version?: unknown } | null)?.version;
  if (!Number.isInteger(version))
    throw validationFailed([{ path: 'version', message: 'Chybí verze záznamu.' }]);
  const changes = validate(entity, body, true);
  const current = await getRecord(context, entity, id);
  const merged = { ...current, ...changes };
  await assertUnique(context, entity, changes, id);
  const saved = await context.db.transaction().execute(async (trx) => {
    const db = trx as unknown as repository.DynamicDb;
    const row = { ...toRow(entity, merged), updated_at: new Date().toISOString() };
    if (!(await repository.updateRow(db, entity, id, version as number, row))) return false;
    const diff = diffRecords(current, merged, entity);
    await repository.insertAudit(db, {
      userId: context.userId,
      entity: entity.declaration.alias,
      recordId: id,
      action: 'update',
      changes: diff,
    });
    return true;
  });
  if (!saved) {
    const latest = await getRecord(context, entity, id);
    throw new AppError('CONFLICT', 409, 'Záznam mezitím uložil někdo jiný. Načtěte jeho aktuální podobu.', {
      details: { current: latest },
    });
  }
  return getRecord(context, entity, id);
}

/** Deletes all or none; refused while other records point at any of them. */
export async function deleteRecords(context: EngineContext, entity: CompiledEntity, ids: number[]) {
  await context.db.transaction().execute(async (trx) => {
    const db = trx as unknown as repository.DynamicDb;
    const records = [];
    for (const id of ids) {
      const row = await repository.findRow(db, entity, id);
      if (!row) throw notFound(`${entity.declaration.labels.singular} neexistuje nebo byl smazán.`);
      records.push(toRecord(entity, row));
    }
    await assertNotReferenced(db, entity, ids);
    await repository.deleteRows(db, entity, ids);
    for (const record of records) {
      const changes = diffRecords(record, null, entity);
      await repository.insertAudit(db, {
        userId: context.userId,
        entity: entity.declaration.alias,
        recordId: record.id,
        action: 'delete',
        changes,
      });
    }
  });
}

/** Relation fields of every declared entity that point at `entity` and keep it from being deleted. */
export function referencingFields(entity: CompiledEntity) {
  return [...ENTITIES.values()].flatMap((other) =>
    other.fields
      .filter(
        (field) =>
          field.relation?.alias === entity.declaration.alias && field.relation.onDelete !== 'cascade',
      )
      .map((field) => ({ entity: other, field })),
  );
}

async function assertNotReferenced(db: repository.DynamicDb, entity: CompiledEntity, ids: number[]) {
  for (const { entity: other, field } of referencingFields(entity)) {
    const row = await db
      .selectFrom(other.declaration.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(field.column, 'in', ids)
      .executeTakeFirstOrThrow();
    const count = Number((row as { n: unknown }).n);
    if (count > 0) {
      throw new AppError(
        'CONFLICT',
        409,
        `${entity.declaration.labels.singular} nelze smazat: používá ho ${count} ${count === 1 ? 'záznam' : count < 5 ? 'záznamy' : 'záznamů'} (${other.declaration.labels.plural}).`,
      );
    }
  }
}
