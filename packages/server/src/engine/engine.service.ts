import { type AutocompleteOption, can, type EntityRecord, type Role } from '@klubovna/shared';
import type { Db } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import { AppError, forbidden, notFound } from '../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from './compile-entity.ts';
import { searchNormalize } from './czech-text.ts';
import { distinctValues, listRows } from './datagrid.repository.ts';
import { recordColumns } from './datagrid-pages.ts';
import { parseDatagridQuery } from './datagrid-query.ts';
import type { ReadAlongside } from './datagrid-search-page.ts';
import type { FieldFilter, HookContext } from './entity.types.ts';
import { type Row, recordLabel, toRecord } from './record-mapper.ts';
import * as repository from './records.repository.ts';
import type { EntityRegistry } from './registry.ts';
import { attachRelations } from './relations.service.ts';
import { secondaryLabels } from './secondary-label.ts';

export interface EngineContext {
  db: Db;
  engine: Engine;
  userId: number;
  roles: Role[];
  entities: EntityRegistry;
  /** The transaction the work joins (an action's); without one, each write opens its own. */
  trx?: repository.DynamicDb;
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

/** What every hook of `entity` is given: the transaction, the user and the entity. */
export const hookContext = (
  context: EngineContext,
  entity: CompiledEntity,
  db: repository.DynamicDb,
): HookContext => ({
  db,
  userId: context.userId,
  roles: context.roles,
  entity,
});

export const dynamic = (context: EngineContext) =>
  context.trx ?? (context.db as unknown as repository.DynamicDb);

/** Runs `work` in the context's transaction, or in a new one, seen through the engine's untyped view. */
export function inTransaction<T>(context: EngineContext, work: (db: repository.DynamicDb) => Promise<T>) {
  if (context.trx) return work(context.trx);
  return context.db.transaction().execute((trx) => work(trx as unknown as repository.DynamicDb));
}

export const recordMissing = (entity: CompiledEntity) =>
  notFound(`${entity.declaration.labels.singular} neexistuje nebo byl smazán.`);

/** Rows as API records, relationMany ids and `_labels` included, passed through the `afterRead` hook. */
export async function toRecords(
  db: repository.DynamicDb,
  context: Pick<EngineContext, 'entities' | 'userId' | 'roles'>,
  entity: CompiledEntity,
  rows: Row[],
): Promise<EntityRecord[]> {
  const records = rows.map((row) => toRecord(entity, row));
  await attachRelations(db, context.entities, entity, records);
  const afterRead = entity.declaration.hooks?.afterRead;
  if (!afterRead) return records;
  const { userId, roles } = context;
  return records.map((record) => afterRead({ userId, roles, entity, record }) ?? record);
}

export async function listRecords(
  context: EngineContext,
  entity: CompiledEntity,
  search: URLSearchParams,
  alongside?: ReadAlongside,
) {
  const query = parseDatagridQuery(entity, search);
  const { items, total, approximate } = await listRows(
    dynamic(context),
    entity,
    context.engine,
    query,
    alongside,
  );
  return {
    items: await toRecords(dynamic(context), context, entity, items),
    total,
    totalApproximate: approximate,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Records of `entity` matching a search, as picker options labelled by its `labelFields`, with what
 * tells apart those of one label (`detail`); only those `filters` pass (a relation's `where`).
 */
export async function relatedOptions(
  context: EngineContext,
  entity: CompiledEntity,
  s: string,
  limit: number,
  filters: FieldFilter[] = [],
): Promise<AutocompleteOption[]> {
  const query = parseDatagridQuery(entity, new URLSearchParams({ s, limit: String(limit) }));
  query.filters.push(...filters);
  const { items } = await listRows(dynamic(context), entity, context.engine, query);
  const details = await secondaryLabels(dynamic(context), context.entities, entity, items);
  return items.map((row) => {
    const record = toRecord(entity, row);
    const detail = details.get(record.id);
    return { value: record.id, label: recordLabel(entity, record), ...(detail ? { detail } : {}) };
  });
}

/**
 * The relation field a picker fills, named `<alias>.<field>` (`group.trainers`): its options are the
 * records its `where` accepts. Reading them needs read access to the owner and to the target.
 */
export function pickerField(context: EngineContext, name: string, targetAlias: string): CompiledField {
  const [ownerAlias = '', fieldName = ''] = name.split('.');
  const field = entityFor(context, ownerAlias, 'read').byName.get(fieldName);
  if (field?.relation?.alias !== targetAlias)
    throw new AppError('BAD_REQUEST', 400, `Pole „${name}“ nevybírá z tohoto seznamu.`);
  return field;
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
    const target = context.entities.get(field.relation.alias)!;
    return relatedOptions(context, target, s, limit, field.targetFilters);
  }
  if (field.options) {
    const wanted = searchNormalize(s);
    return field.options.filter((option) => searchNormalize(option.label).includes(wanted));
  }
  const rows = await distinctValues(dynamic(context), entity, field.column, s);
  return rows.map((row) => ({ value: row[field.column], label: String(row[field.column]) }));
}

export async function findRecord(
  db: repository.DynamicDb,
  context: EngineContext,
  entity: CompiledEntity,
  id: number,
): Promise<EntityRecord> {
  // Only what a record is made of: a read of named columns is a prepared statement on PostgreSQL.
  const row = await repository.findRow(db, entity, id, recordColumns(entity));
  if (!row) throw recordMissing(entity);
  return (await toRecords(db, context, entity, [row]))[0]!;
}

export function getRecord(context: EngineContext, entity: CompiledEntity, id: number): Promise<EntityRecord> {
  return findRecord(dynamic(context), context, entity, id);
}
