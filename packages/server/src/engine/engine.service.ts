import { can, type EntityRecord, type Role } from '@klubovna/shared';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import { AppError, forbidden, notFound, validationFailed } from '../errors/app-error.ts';
import { issuesToValidationErrors } from '../http/zod-type-provider.ts';
import type { CompiledEntity } from './compile-entity.ts';
import { searchNormalize } from './czech-text.ts';
import { distinctValues, listRows } from './datagrid.repository.ts';
import { parseDatagridQuery } from './datagrid-query.ts';
import { diffRecords, type Row, recordLabel, toRecord, toRow, type Values } from './record-mapper.ts';
import * as repository from './records.repository.ts';
import type { EntityRegistry } from './registry.ts';
import {
  assertRelationsExist,
  attachRelations,
  deleteLinksOf,
  isForeignKeyViolation,
  normalizeRelationValues,
  relatedRecordGone,
  releaseReferences,
  saveLinks,
} from './relations.service.ts';

export interface EngineContext {
  db: Db;
  engine: Engine;
  userId: number;
  roles: Role[];
  entities: EntityRegistry;
}

/** The entity behind an alias, if the user's roles grant the access; 404 for unknown aliases. */
export function entityFor(
  context: Pick<EngineContext, 'entities' | 'roles'>,
  alias: string,
  access: 'read' | 'write',
): CompiledEntity {
  const entity = context.entities.get(alias);
  if (!entity) throw notFound('Neznámý typ záznamu.');
  if (!can(context.roles, entity.declaration.area, access)) throw forbidden();
  return entity;
}

const dynamic = (context: EngineContext) => context.db as unknown as repository.DynamicDb;

/** Runs `work` in one transaction, seen through the engine's untyped view of the database. */
function inTransaction<T>(context: EngineContext, work: (db: repository.DynamicDb) => Promise<T>) {
  return context.db.transaction().execute((trx) => work(trx as unknown as repository.DynamicDb));
}

const recordMissing = (entity: CompiledEntity) =>
  notFound(`${entity.declaration.labels.singular} neexistuje nebo byl smazán.`);

/** Rows as API records, relationMany ids and `_labels` included. */
export async function toRecords(
  db: repository.DynamicDb,
  context: Pick<EngineContext, 'entities'>,
  entity: CompiledEntity,
  rows: Row[],
): Promise<EntityRecord[]> {
  const records = rows.map((row) => toRecord(entity, row));
  await attachRelations(db, context.entities, entity, records);
  return records;
}

export async function listRecords(context: EngineContext, entity: CompiledEntity, search: URLSearchParams) {
  const query = parseDatagridQuery(entity, search);
  const { items, total } = await listRows(dynamic(context), entity, context.engine, query);
  return {
    items: await toRecords(dynamic(context), context, entity, items),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** Records of `entity` matching a search, as picker options labelled by its `labelFields`. */
export async function relatedOptions(
  context: EngineContext,
  entity: CompiledEntity,
  s: string,
  limit: number,
) {
  const query = parseDatagridQuery(entity, new URLSearchParams({ s, limit: String(limit) }));
  const { items } = await listRows(dynamic(context), entity, context.engine, query);
  return items.map((row) => {
    const record = toRecord(entity, row);
    return { value: record.id, label: recordLabel(entity, record) };
  });
}

/** What a datagrid column can be filtered by: related records, enum options or the column's own values. */
export async function columnOptions(
  context: EngineContext,
  entity: CompiledEntity,
  column: string,
  s: string,
  limit: number,
) {
  const field = entity.byName.get(column);
  if (!field?.filterable && !field?.sortable) return [];
  if (field.relation) {
    // Related records' labels are part of showing this entity's rows, so its read access suffices.
    return relatedOptions(context, context.entities.get(field.relation.alias)!, s, limit);
  }
  if (field.options) {
    const wanted = searchNormalize(s);
    return field.options.filter((option) => searchNormalize(option.label).includes(wanted));
  }
  const rows = await distinctValues(dynamic(context), entity, field.column, s);
  return rows.map((row) => ({ value: row[field.column], label: String(row[field.column]) }));
}

async function findRecord(
  db: repository.DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
): Promise<EntityRecord> {
  const row = await repository.findRow(db, entity, id);
  if (!row) throw recordMissing(entity);
  return (await toRecords(db, context, entity, [row]))[0]!;
}

export function getRecord(context: EngineContext, entity: CompiledEntity, id: number): Promise<EntityRecord> {
  return findRecord(dynamic(context), context, entity, id);
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

function validate(entity: CompiledEntity, body: unknown, partial: boolean): Values {
  const result = bodySchema(entity, partial).safeParse(body ?? {});
  if (!result.success) throw validationFailed(issuesToValidationErrors(result.error.issues));
  const values = Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined));
  const relationErrors = normalizeRelationValues(entity, values);
  if (relationErrors.length > 0) throw validationFailed(relationErrors);
  return values;
}

/** A foreign key refusing a write means a related record went away after the check: 409, not 500. */
async function mappingForeignKeys<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isForeignKeyViolation(error) ? relatedRecordGone() : error;
  }
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
      field.defaultValue ?? (field.kind === 'boolean' ? false : field.kind === 'relationMany' ? [] : null),
    ]),
  );
}

export async function createRecord(context: EngineContext, entity: CompiledEntity, body: unknown) {
  const values = { ...defaults(entity), ...validate(entity, body, false) };
  await assertUnique(context, entity, values);
  const now = new Date().toISOString();
  const id = await mappingForeignKeys(() =>
    inTransaction(context, async (db) => {
      await assertRelationsExist(db, context.entities, entity, values);
      const recordId = await repository.insertRow(db, entity, {
        ...toRow(entity, values),
        created_at: now,
        updated_at: now,
      });
      await saveLinks(db, entity, recordId, values);
      await repository.insertAudit(
        db,
        context.userId,
        entity,
        recordId,
        'create',
        diffRecords(null, values, entity),
      );
      return recordId;
    }),
  );
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
  const saved = await mappingForeignKeys(() =>
    inTransaction(context, async (db) => {
      await assertRelationsExist(db, context.entities, entity, changes);
      const row = { ...toRow(entity, merged), updated_at: new Date().toISOString() };
      if (!(await repository.updateRow(db, entity, id, version as number, row))) return false;
      await saveLinks(db, entity, id, changes);
      await repository.insertAudit(
        db,
        context.userId,
        entity,
        id,
        'update',
        diffRecords(current, merged, entity),
      );
      return true;
    }),
  );
  if (!saved) {
    const latest = await getRecord(context, entity, id);
    throw new AppError('CONFLICT', 409, 'Záznam mezitím uložil někdo jiný. Načtěte jeho aktuální podobu.', {
      details: { current: latest },
    });
  }
  return getRecord(context, entity, id);
}

/**
 * Deletes all or none; refused while 'restrict' relations point at any of them, links of 'cascade'
 * relations removed.
 */
export async function deleteRecords(context: EngineContext, entity: CompiledEntity, ids: number[]) {
  const unique = [...new Set(ids)];
  await inTransaction(context, async (db) => {
    const rows: Row[] = [];
    for (const id of unique) {
      const row = await repository.findRow(db, entity, id);
      if (!row) throw recordMissing(entity);
      rows.push(row);
    }
    const records = await toRecords(db, context, entity, rows);
    await releaseReferences(db, context, entity, records);
    await deleteLinksOf(db, entity, unique);
    await repository.deleteRows(db, entity, unique);
    for (const record of records) {
      await repository.insertAudit(
        db,
        context.userId,
        entity,
        record.id,
        'delete',
        diffRecords(record, null, entity),
      );
    }
  });
}
