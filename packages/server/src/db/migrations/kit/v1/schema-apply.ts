import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { engineOf, withIdColumn } from './dialect.ts';
import { introspectTable } from './introspect.ts';
import { dropPostgresRankedSearch } from './ranked-search-postgres.ts';
import { dropRankedSearch, restoreRankedSearch } from './ranked-search-sqlite.ts';
import { createSearchIndex, createSearchTriggers, dropSearchIndex } from './search-index.ts';
import { type ColumnModel, compareTables, physicalType, type TableModel } from './table-model.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on tables described by models, not schema types
type AnyKysely = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder, loosely
type ColumnBuilder = any;

/**
 * The steps generated migrations are made of. Each takes the table as it should be after the step
 * (a model, written out in the migration) and brings the live table there on either engine, keeping
 * its rows.
 */

/** Creates a table with its keys, indexes and search index. */
export async function createTable(db: AnyKysely, model: TableModel, name = model.name): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: columns come from the model, not from schema types
  let builder: CreateTableBuilder<string, any> = db.schema.createTable(name);
  for (const column of model.columns) {
    builder =
      column.type === 'id'
        ? withIdColumn(builder, db)
        : builder.addColumn(column.name, ddlType(db, column), (c: ColumnBuilder) =>
            columnConstraints(c, column),
          );
  }
  if (model.primaryKey) builder = builder.addPrimaryKeyConstraint(`${name}_pkey`, model.primaryKey);
  await builder.execute();
  if (name !== model.name) return;
  await createIndexes(db, model);
  if (model.search) await createSearchIndex(db, model.name);
  if (engineOf(db) === 'postgres') await sql`analyze ${sql.id(model.name)}`.execute(db);
}

/** Drops a table and its search index. */
export async function dropTable(db: AnyKysely, name: string): Promise<void> {
  await dropSearchIndex(db, name);
  await dropRankedSearch(db, name);
  await dropPostgresRankedSearch(db, name);
  await db.schema.dropTable(name).execute();
}

/**
 * Changes a live table into `model`: columns added, dropped or altered (on SQLite by rebuilding the
 * table, as SQLite cannot alter a column), indexes and the search index added or dropped.
 */
export async function alterTable(db: AnyKysely, model: TableModel): Promise<void> {
  const live = await introspectTable(db, model.name);
  if (!live) throw new Error(`Table ${model.name} does not exist`);
  const liveColumns = new Map(live.columns.map((column) => [column.name, column]));
  const columnsDiffer =
    compareTables(
      { ...model, indexes: [], search: false },
      { ...live, indexes: [], search: false },
      engineOf(db),
    ).length > 0;
  if (columnsDiffer) {
    if (engineOf(db) === 'postgres') await alterPostgresColumns(db, model, liveColumns);
    else await alterSqliteColumns(db, model, live);
  }
  const current = (await introspectTable(db, model.name))!;
  const wanted = new Map(model.indexes.map((index) => [index.name, index.columns.join()]));
  for (const index of current.indexes) {
    if (wanted.get(index.name) !== index.columns.join()) await db.schema.dropIndex(index.name).execute();
  }
  const kept = new Set(
    current.indexes
      .filter((index) => wanted.get(index.name) === index.columns.join())
      .map((index) => index.name),
  );
  await createIndexes(db, { ...model, indexes: model.indexes.filter((index) => !kept.has(index.name)) });
  if (model.search && !current.search) await createSearchIndex(db, model.name);
  if (!model.search && current.search) await dropSearchIndex(db, model.name);
}

async function createIndexes(db: AnyKysely, model: TableModel) {
  for (const index of model.indexes) {
    await db.schema.createIndex(index.name).on(model.name).columns(index.columns).execute();
  }
}

function ddlType(db: AnyKysely, column: ColumnModel) {
  const type = physicalType(column.type, engineOf(db));
  return type === 'text collate "C"' ? sql`text collate "C"` : sql.raw(type);
}

function columnConstraints(c: ColumnBuilder, column: ColumnModel): ColumnBuilder {
  let built = column.notNull ? c.notNull() : c;
  if (column.default !== undefined) built = built.defaultTo(column.default);
  if (column.unique) built = built.unique();
  if (column.references) {
    built = built.references(`${column.references.table}.id`);
    if (column.references.onDelete !== 'no action') built = built.onDelete(column.references.onDelete);
  }
  return built;
}

/** What existing rows get in a new NOT NULL column without a declared default. */
function fillValue(column: ColumnModel): string | number | boolean {
  if (column.default !== undefined) return column.default;
  if (column.type === 'dateTime') return '1970-01-01T00:00:00.000Z';
  if (column.type === 'boolean') return false;
  return ['integer', 'bigint', 'double'].includes(column.type) ? 0 : '';
}

async function alterPostgresColumns(db: AnyKysely, model: TableModel, live: Map<string, ColumnModel>) {
  const table = sql.id(model.name);
  const modelNames = new Set(model.columns.map((column) => column.name));
  for (const name of live.keys()) {
    if (!modelNames.has(name)) await sql`alter table ${table} drop column ${sql.id(name)}`.execute(db);
  }
  for (const column of model.columns) {
    const name = sql.id(column.name);
    const found = live.get(column.name);
    if (!found) {
      const withFill = column.notNull ? { ...column, default: fillValue(column) } : column;
      await db.schema
        .alterTable(model.name)
        .addColumn(column.name, ddlType(db, column), (c: ColumnBuilder) => columnConstraints(c, withFill))
        .execute();
      if (column.default === undefined && column.notNull)
        await sql`alter table ${table} alter column ${name} drop default`.execute(db);
      continue;
    }
    const type = ddlType(db, column);
    if (physicalType(found.type, 'postgres') !== physicalType(column.type, 'postgres'))
      await sql`alter table ${table} alter column ${name} type ${type} using ${name}::${type}`.execute(db);
    if (Boolean(found.notNull) !== Boolean(column.notNull)) {
      if (column.notNull)
        await sql`update ${table} set ${name} = ${fillValue(column)} where ${name} is null`.execute(db);
      await sql
        .raw(
          `alter table "${model.name}" alter column "${column.name}" ${column.notNull ? 'set' : 'drop'} not null`,
        )
        .execute(db);
    }
    const uniqueName = sql.id(`${model.name}_${column.name}_key`);
    if (column.unique && !found.unique)
      await sql`alter table ${table} add constraint ${uniqueName} unique (${name})`.execute(db);
    if (!column.unique && found.unique)
      await sql`alter table ${table} drop constraint ${uniqueName}`.execute(db);
    if (JSON.stringify(found.references) !== JSON.stringify(column.references)) {
      const fkName = sql.id(`${model.name}_${column.name}_fkey`);
      if (found.references) await sql`alter table ${table} drop constraint ${fkName}`.execute(db);
      if (column.references) {
        const action = sql.raw(column.references.onDelete);
        await sql`alter table ${table} add constraint ${fkName} foreign key (${name})
          references ${sql.id(column.references.table)} (id) on delete ${action}`.execute(db);
      }
    }
  }
}

/**
 * SQLite's documented way to change columns: a new table, the rows copied, the old one dropped and
 * the new one renamed, with foreign keys off and checked before the commit. Migrations on SQLite run
 * outside a transaction, so this step opens its own.
 */
async function alterSqliteColumns(db: AnyKysely, model: TableModel, live: TableModel) {
  const liveNames = new Set(live.columns.map((column) => column.name));
  const addedOnly =
    model.columns.every((column) => {
      const found = live.columns.find((c) => c.name === column.name);
      if (!found)
        return !column.unique && !column.references && (!column.notNull || column.default !== undefined);
      return (
        compareTables(
          { ...model, columns: [column], indexes: [] },
          { ...live, columns: [found], indexes: [] },
          'sqlite',
        ).length === 0
      );
    }) && live.columns.every((column) => model.columns.some((c) => c.name === column.name));
  if (addedOnly) {
    for (const column of model.columns.filter((c) => !liveNames.has(c.name))) {
      await db.schema
        .alterTable(model.name)
        .addColumn(column.name, ddlType(db, column), (c: ColumnBuilder) => columnConstraints(c, column))
        .execute();
    }
    return;
  }
  const temporary = `__new_${model.name}`;
  const copied = model.columns.map((column) => {
    if (liveNames.has(column.name))
      return column.notNull
        ? `coalesce("${column.name}", ${sqlLiteral(fillValue(column))})`
        : `"${column.name}"`;
    return column.notNull ? sqlLiteral(fillValue(column)) : 'null';
  });
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await createTable(db, model, temporary);
      await sql
        .raw(
          `insert into "${temporary}" (${model.columns.map((c) => `"${c.name}"`).join(', ')}) select ${copied.join(', ')} from "${model.name}"`,
        )
        .execute(db);
      await sql.raw(`drop table "${model.name}"`).execute(db);
      await sql.raw(`alter table "${temporary}" rename to "${model.name}"`).execute(db);
      if (live.search && model.search) await createSearchTriggers(db, model.name);
      await restoreRankedSearch(db, model.name);
      const broken = await sql`select * from pragma_foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`Rebuilding ${model.name} would break foreign keys`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** SQLite's literal of a fill value (it stores booleans as 0 and 1). */
const sqlLiteral = (value: string | number | boolean) =>
  typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(Number(value));
