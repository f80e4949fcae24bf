import type { Kysely } from 'kysely';
import { czechSortKey, searchNormalize } from './czech-text.ts';
import type { TableModel } from './table-model.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on tables described by models, not schema types
type AnyKysely = Kysely<any>;

const BATCH = 500;

/**
 * Recomputes the columns the engine derives in JavaScript for every row of a table: each
 * `<column>_sort` Czech sort key and `search_text`. A migration step for when a sort key was added
 * or the searched fields changed; rows are read and written in batches by id.
 */
export async function refreshDerivedColumns(db: AnyKysely, model: TableModel): Promise<void> {
  const names = new Set(model.columns.map((column) => column.name));
  const sortKeys = model.columns
    .filter((column) => column.type === 'sortKey' && names.has(column.name.replace(/_sort$/, '')))
    .map((column) => ({
      key: column.name,
      source: column.name.replace(/_sort$/, ''),
      notNull: column.notNull,
    }));
  const searchColumns = model.searchColumns ?? [];
  const sources = [...new Set([...sortKeys.map((sortKey) => sortKey.source), ...searchColumns])];
  if (sortKeys.length === 0 && !model.search) return;
  let lastId = 0;
  for (;;) {
    const rows = await db
      .selectFrom(model.name)
      .select(['id', ...sources])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const values: Record<string, unknown> = {};
      for (const { key, source, notNull } of sortKeys) {
        const value = row[source];
        values[key] = typeof value === 'string' ? czechSortKey(value) : notNull ? '' : null;
      }
      if (model.search)
        values.search_text = searchColumns
          .map((column) => row[column])
          .filter((value): value is string => typeof value === 'string' && value !== '')
          .map(searchNormalize)
          .join(' ');
      await db.updateTable(model.name).set(values).where('id', '=', row.id).execute();
    }
    lastId = Number(rows.at(-1)!.id);
  }
}
