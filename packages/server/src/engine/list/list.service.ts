import type { AutocompleteOption } from '@klubovna/shared';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { FieldFilter } from '../declaration/entity.types.ts';
import { readScope } from '../declaration/row-access.ts';
import { recordLabel, toRecord } from '../records/record-mapper.ts';
import { dynamic, type EngineContext, entityFor, toRecords } from '../records/records.service.ts';
import { searchNormalize } from '../schema/czech-text.ts';
import { type ListQuery, parseListQuery } from './list-query.ts';
import type { ReadAlongside } from './ranked-page.ts';
import { secondaryLabels } from './secondary-label.ts';

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
  const query = listQueryOf(context, entity, new URLSearchParams({ s, limit: String(limit) }));
  query.filters.push(...filters);
  const { items } = await context.reader.page(dynamic(context), entity, query);
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
  const scope = readScope(entity, context);
  const rows = await context.reader.distinctValues(dynamic(context), entity, field.column, s, scope);
  // A stored value as the driver reads it: text, a number, a boolean, or a date (sent as its ISO text).
  return rows.map((row) => ({
    value: row[field.column] as string | number | boolean,
    label: String(row[field.column]),
  }));
}
