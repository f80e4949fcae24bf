import type { Engine } from './dialect.ts';

/**
 * An engine-neutral description of a table: what entity declarations imply, what migration
 * snapshots record and what introspection of a live database reads back, so the three can be
 * compared. Defaults are not part of it: the engine always writes every column it owns.
 */
export type ColumnType =
  | 'id'
  | 'integer'
  | 'bigint'
  | 'double'
  | 'text'
  | 'dateTime'
  | 'boolean'
  /** Czech sort keys: text compared bytewise on both engines. */
  | 'sortKey'
  | `varchar(${number})`;

export type ForeignKeyAction = 'no action' | 'cascade' | 'set null';

export interface ColumnModel {
  name: string;
  type: ColumnType;
  notNull?: boolean;
  unique?: boolean;
  references?: { table: string; onDelete: ForeignKeyAction };
  /** Value given to existing rows when the column is added, and kept as the column default. */
  default?: string | number | boolean;
}

export interface IndexModel {
  name: string;
  columns: string[];
}

export interface TableModel {
  name: string;
  columns: ColumnModel[];
  indexes: IndexModel[];
  /** Composite primary key of a join table; tables without one have the surrogate `id`. */
  primaryKey?: string[];
  /** Has a substring search index over `search_text` (FTS5 trigram / pg_trgm). */
  search?: boolean;
  /** Columns whose normalised values make up `search_text`, in order (for rebuilding it). */
  searchColumns?: string[];
}

/** How each engine stores a column type, as its introspection reports it back. */
export function physicalType(type: ColumnType, engine: Engine): string {
  if (type.startsWith('varchar(')) return type;
  const sqlite: Record<string, string> = {
    id: 'integer',
    integer: 'integer',
    bigint: 'bigint',
    double: 'double precision',
    text: 'text',
    dateTime: 'text',
    boolean: 'integer',
    sortKey: 'text',
  };
  const postgres: Record<string, string> = {
    ...sqlite,
    id: 'integer identity',
    dateTime: 'timestamptz',
    boolean: 'boolean',
    sortKey: 'text collate "C"',
  };
  return (engine === 'postgres' ? postgres : sqlite)[type]!;
}

/**
 * Human-readable differences between what a table should be and what it is, empty when they agree.
 * Types are compared as the engine stores them (SQLite cannot tell a date-time from text).
 */
export function compareTables(
  expected: TableModel,
  actual: TableModel | undefined,
  engine: Engine,
): string[] {
  const table = expected.name;
  if (!actual) return [`${table}: the table is missing`];
  const differences: string[] = [];
  const actualColumns = new Map(actual.columns.map((column) => [column.name, column]));
  for (const column of expected.columns) {
    const found = actualColumns.get(column.name);
    if (!found) {
      differences.push(`${table}.${column.name}: the column is missing`);
      continue;
    }
    actualColumns.delete(column.name);
    const want = describeColumn(column, engine);
    const have = describeColumn(found, engine);
    if (want !== have)
      differences.push(`${table}.${column.name}: is ${have}, the declaration implies ${want}`);
  }
  for (const name of actualColumns.keys()) differences.push(`${table}.${name}: a column nothing declares`);

  const key = (index: IndexModel) => index.columns.join(', ');
  const actualIndexes = new Map(actual.indexes.map((index) => [index.name, index]));
  for (const index of expected.indexes) {
    const found = actualIndexes.get(index.name);
    actualIndexes.delete(index.name);
    if (!found) differences.push(`${table}: index ${index.name} (${key(index)}) is missing`);
    else if (key(found) !== key(index))
      differences.push(`${table}: index ${index.name} is on (${key(found)}), should be on (${key(index)})`);
  }
  for (const index of actualIndexes.values())
    differences.push(`${table}: index ${index.name} (${key(index)}) nothing declares`);
  if ((expected.primaryKey ?? []).join() !== (actual.primaryKey ?? []).join())
    differences.push(
      `${table}: primary key (${actual.primaryKey ?? 'id'}) should be (${expected.primaryKey ?? 'id'})`,
    );
  if (Boolean(expected.search) !== Boolean(actual.search))
    differences.push(`${table}: search index ${expected.search ? 'is missing' : 'nothing declares'}`);
  return differences;
}

function describeColumn(column: ColumnModel, engine: Engine): string {
  const parts = [physicalType(column.type, engine)];
  if (column.notNull && column.type !== 'id') parts.push('not null');
  if (column.unique) parts.push('unique');
  if (column.references) parts.push(`→ ${column.references.table} on delete ${column.references.onDelete}`);
  return parts.join(' ');
}
