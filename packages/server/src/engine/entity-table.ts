import { type Kysely, sql } from 'kysely';
import { columnTypes, engineOf, withIdColumn } from '../db/dialect.ts';
import { createSearchIndex, sortKeyColumnType } from '../db/search-index.ts';
import { type CompiledField, compileEntity, isTextKind } from './compile-entity.ts';
import type { EntityDeclaration } from './entity.types.ts';
import { ENTITIES, type EntityRegistry } from './registry.ts';

// biome-ignore lint/suspicious/noExplicitAny: tables are created from declarations, not from schema types
type AnyKysely = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: Kysely's column type argument (a name or raw SQL)
type ColumnType = any;

function columnType(db: AnyKysely, field: CompiledField): ColumnType {
  const type = columnTypes(db);
  switch (field.kind) {
    case 'longText':
    case 'richText':
    case 'url':
      return 'text';
    case 'email':
      return `varchar(${field.maxLength ?? 254})`;
    case 'color':
      return 'varchar(7)';
    case 'integer':
      return 'bigint';
    case 'decimal':
      return 'double precision';
    case 'date':
      return 'varchar(10)';
    case 'dateTime':
      return type.dateTime;
    case 'boolean':
      return type.boolean;
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

/**
 * Creates an entity's table exactly as the engine reads and writes it: a column per field (money as
 * `<column>_amount` and `<column>_currency`), `<column>_sort` Czech sort keys of sortable text,
 * `search_text` with its search index, `version`, `created_at` and `updated_at`, a foreign key per
 * relation and a join table `<table>_<column>` per relationMany. Related tables must exist already.
 * For migrations and tests; a migration should pass the declaration as it was when written.
 */
export async function createEntityTable(
  db: AnyKysely,
  declaration: EntityDeclaration,
  entities: EntityRegistry = ENTITIES,
): Promise<void> {
  const entity = compileEntity(declaration);
  const { table } = declaration;
  const type = columnTypes(db);
  const tableOf = (alias: string) =>
    alias === declaration.alias ? table : entities.get(alias)?.declaration.table;
  const indexed: string[][] = [];

  let builder = withIdColumn(db.schema.createTable(table), db);
  for (const field of entity.fields) {
    if (field.joinTable) continue;
    if (field.kind === 'money') {
      builder = builder
        .addColumn(`${field.column}_amount`, 'double precision', (c) => (field.required ? c.notNull() : c))
        .addColumn(`${field.column}_currency`, 'varchar(3)', (c) => (field.required ? c.notNull() : c));
      continue;
    }
    builder = builder.addColumn(field.column, columnType(db, field), (c) => {
      let column = field.required ? c.notNull() : c;
      if (field.unique) column = column.unique();
      if (field.kind === 'relation') {
        const target = tableOf(field.relation!.alias);
        if (!target) throw new Error(`${table}.${field.column} points at unknown ${field.relation!.alias}`);
        // 'restrict' keeps the default NO ACTION: checked at the end of the statement, so deleting
        // a record together with the records pointing at it works; the engine explains refusals first.
        column = column.references(`${target}.id`);
        if (field.relation!.onDelete === 'cascade') column = column.onDelete('set null');
      }
      return column;
    });
    if (field.sortable && isTextKind(field.kind)) {
      builder = builder.addColumn(`${field.column}_sort`, sortKeyColumnType(db), (c) =>
        field.required ? c.notNull() : c,
      );
    }
    if (field.sortable) indexed.push([field.sortColumn, 'id']);
    else if (field.filterable && (field.kind === 'relation' || field.kind === 'enum'))
      indexed.push([field.column]);
  }
  await builder
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', type.dateTime, (c) => c.notNull())
    .addColumn('updated_at', type.dateTime, (c) => c.notNull())
    .execute();
  for (const columns of indexed) {
    await db.schema.createIndex(`${table}_${columns[0]}`).on(table).columns(columns).execute();
  }
  await createSearchIndex(db, table);

  for (const field of entity.fields) {
    if (!field.joinTable) continue;
    const target = tableOf(field.relation!.alias);
    if (!target) throw new Error(`${table}.${field.column} points at unknown ${field.relation!.alias}`);
    const join = field.joinTable;
    await db.schema
      .createTable(join)
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${join}_pkey`, ['owner_id', 'target_id'])
      .addForeignKeyConstraint(`${join}_owner`, ['owner_id'], table, ['id'], (c) => c.onDelete('cascade'))
      .addForeignKeyConstraint(`${join}_target`, ['target_id'], target, ['id'], (c) =>
        field.relation!.onDelete === 'cascade' ? c.onDelete('cascade') : c,
      )
      .execute();
    await db.schema.createIndex(`${join}_target_id`).on(join).columns(['target_id', 'owner_id']).execute();
  }
  if (engineOf(db) === 'postgres') await sql`analyze ${sql.id(table)}`.execute(db);
}
