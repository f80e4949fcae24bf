import type { CompiledEntity } from '../declaration/compile-entity.ts';
import { readScope } from '../declaration/row-access.ts';
import { recordLabel, toRecord } from '../records/record-mapper.ts';
import { dynamic, type EngineContext, toRecords } from '../records/records.service.ts';
import { searchNormalize } from '../schema/czech-text.ts';
import { type ListQuery, parseListQuery } from './list-query.ts';
import type { ReadAlongside } from './ranked-page.ts';

// The lists of the API: a datagrid's page of records, a picker's options, a column filter's choices.
// The request becomes a ListQuery here; the database's ListReader reads it.

/** The request's list of `entity` as the context's person may read it (their row rule). */
export function listQueryOf(
  context: EngineContext,
  entity: CompiledEntity,
  search: URLSearchParams,
): ListQuery {
  const where = readScope(entity, context);
  return parseListQuery(entity, search, where ? { key: String(context.userId), where } : undefined);
}

export async function listRecords(
  context: EngineContext,
  entity: CompiledEntity,
  search: URLSearchParams,
  alongside?: ReadAlongside,
) {
  const query = listQueryOf(context, entity, search);
  const { items, total, approximate } = await context.reader.page(dynamic(context), entity, query, alongside);
  return {
    items: await toRecords(dynamic(context), context, entity, items),
    total,
    totalApproximate: approximate,
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
  const query = listQueryOf(context, entity, new URLSearchParams({ s, limit: String(limit) }));
  const { items } = await context.reader.page(dynamic(context), entity, query);
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
  const scope = readScope(entity, context);
  const rows = await context.reader.distinctValues(dynamic(context), entity, field.column, s, scope);
  return rows.map((row) => ({ value: row[field.column], label: String(row[field.column]) }));
}
