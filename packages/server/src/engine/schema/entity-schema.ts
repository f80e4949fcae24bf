import type { ColumnModel, ColumnType, IndexModel, TableModel } from '../../db/migration-kit.ts';
import { type CompiledEntity, type CompiledField, isTextKind } from '../declaration/compile-entity.ts';
import type { EntityRegistry } from '../declaration/registry.ts';

/**
 * The tables an entity's declaration implies: a column per field (money as `<column>_amount`, whole
 * hundredths, and `<column>_currency`), a `<column>_sort` Czech sort key per sortable text field, `search_text`
 * with its search index, `version`, `created_at`, `updated_at`, a foreign key per relation, an
 * index per sortable column (with `id`, the datagrid's tie-breaker) and per filterable relation or
 * enum, and a join table `<table>_<column>` per relationMany field.
 */
export function entityTables(entity: CompiledEntity, entities: EntityRegistry): TableModel[] {
  const { table } = entity.declaration;
  const tableOf = (alias: string) => {
    const target = alias === entity.declaration.alias ? entity : entities.get(alias);
    if (!target) throw new Error(`${table} points at unknown entity ${alias}`);
    return target.declaration.table;
  };
  const columns: ColumnModel[] = [{ name: 'id', type: 'id', notNull: true }];
  const indexes: IndexModel[] = [];
  for (const field of entity.fields) {
    if (field.joinTable) continue;
    columns.push(...fieldColumns(field, tableOf));
    if (field.sortable) indexes.push(index(table, [field.sortColumn, 'id']));
    else if (field.filterable && (field.kind === 'relation' || field.kind === 'enum'))
      indexes.push(index(table, [field.column]));
  }
  columns.push(
    ...(entity.declaration.privateColumns ?? []),
    { name: 'search_text', type: 'text', notNull: true, default: '' },
    { name: 'version', type: 'integer', notNull: true, default: 1 },
    { name: 'created_at', type: 'dateTime', notNull: true },
    { name: 'updated_at', type: 'dateTime', notNull: true },
  );
  const main: TableModel = {
    name: table,
    columns,
    indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)),
    search: true,
    searchColumns: entity.textSearchFields.map((name) => entity.byName.get(name)!.column),
  };
  const joins = entity.fields
    .filter((field) => field.joinTable)
    .map((field) => joinTable(table, field, tableOf(field.relation!.alias)));
  return [main, ...joins];
}

/** Every table of every entity in the registry, in an order where referenced tables come first. */
export function registryTables(entities: EntityRegistry): TableModel[] {
  const tables = [...entities.values()].flatMap((entity) => entityTables(entity, entities));
  return orderByReferences(tables);
}

function fieldColumns(field: CompiledField, tableOf: (alias: string) => string): ColumnModel[] {
  const notNull = holdsNoNull(field) ? { notNull: true } : {};
  if (field.kind === 'money') {
    return [
      { name: `${field.column}_amount`, type: 'bigint', ...notNull },
      { name: `${field.column}_currency`, type: 'varchar(3)', ...notNull },
    ];
  }
  const column: ColumnModel = {
    name: field.column,
    type: columnType(field),
    ...notNull,
    ...(field.unique ? { unique: true } : {}),
  };
  if (field.kind === 'relation') {
    // 'restrict' keeps NO ACTION: checked at the end of the statement, so deleting a record together
    // with the records pointing at it works; the engine explains refusals before that.
    column.references = {
      table: tableOf(field.relation!.alias),
      onDelete: field.relation!.onDelete === 'cascade' ? 'set null' : 'no action',
    };
  }
  const sortKey: ColumnModel[] =
    field.sortable && isTextKind(field.kind)
      ? [{ name: `${field.column}_sort`, type: 'sortKey', ...notNull }]
      : [];
  return [column, ...sortKey];
}

/** A field whose column (and sort key) is NOT NULL: a required one, or a boolean. */
export const holdsNoNull = (field: Pick<CompiledField, 'required' | 'kind'>): boolean =>
  field.required === true || field.kind === 'boolean';

function columnType(field: CompiledField): ColumnType {
  switch (field.kind) {
    case 'longText':
    case 'richText':
    case 'url':
    case 'multiEnum':
      return 'text';
    case 'email':
      return `varchar(${field.maxLength ?? 254})`;
    case 'color':
      return 'varchar(7)';
    case 'birthNumber':
      return 'varchar(10)';
    case 'integer':
      return 'bigint';
    case 'decimal':
      return 'double';
    case 'date':
      return 'varchar(10)';
    case 'dateTime':
      return 'dateTime';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return `varchar(${Math.max(20, ...(field.options ?? []).map((option) => option.value.length))})`;
    case 'relation':
    case 'file':
    case 'image':
      return 'integer';
    default:
      return isTextKind(field.kind) ? `varchar(${field.maxLength ?? 255})` : 'text';
  }
}

function joinTable(owner: string, field: CompiledField, target: string): TableModel {
  const name = field.joinTable!;
  return {
    name,
    columns: [
      { name: 'owner_id', type: 'integer', notNull: true, references: { table: owner, onDelete: 'cascade' } },
      {
        name: 'target_id',
        type: 'integer',
        notNull: true,
        references: {
          table: target,
          onDelete: field.relation!.onDelete === 'cascade' ? 'cascade' : 'no action',
        },
      },
    ],
    indexes: [{ name: `${name}_target_id`, columns: ['target_id', 'owner_id'] }],
    primaryKey: ['owner_id', 'target_id'],
  };
}

const index = (table: string, columns: string[]): IndexModel => ({ name: `${table}_${columns[0]}`, columns });

/** Referenced tables first (a table may reference itself); throws on a cycle between tables. */
export function orderByReferences(tables: TableModel[]): TableModel[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableModel[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: TableModel) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') throw new Error(`Tables reference each other: ${table.name}`);
    state.set(table.name, 'visiting');
    for (const column of table.columns) {
      const target = column.references && byName.get(column.references.table);
      if (target && target !== table) visit(target);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}
