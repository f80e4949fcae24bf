import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect.ts';
import type { ColumnModel, ColumnType, ForeignKeyAction, IndexModel, TableModel } from './table-model.ts';

// biome-ignore lint/suspicious/noExplicitAny: reads any schema
type AnyKysely = Kysely<any>;

/** Reads a live table back as a model (undefined when it does not exist), on either engine. */
export function introspectTable(db: AnyKysely, table: string): Promise<TableModel | undefined> {
  return engineOf(db) === 'postgres' ? introspectPostgres(db, table) : introspectSqlite(db, table);
}

const rows = async <T>(db: AnyKysely, query: ReturnType<typeof sql>) => (await query.execute(db)).rows as T[];

const FK_ACTION: Record<string, ForeignKeyAction> = {
  'NO ACTION': 'no action',
  RESTRICT: 'no action',
  CASCADE: 'cascade',
  'SET NULL': 'set null',
  a: 'no action',
  r: 'no action',
  c: 'cascade',
  n: 'set null',
};

async function introspectSqlite(db: AnyKysely, table: string): Promise<TableModel | undefined> {
  const info = await rows<{ name: string; type: string; notnull: number; pk: number }>(
    db,
    sql`select name, type, "notnull", pk from pragma_table_info(${table})`,
  );
  if (info.length === 0) return undefined;
  const keyColumns = info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
  const foreignKeys = await rows<{ table: string; from: string; on_delete: string }>(
    db,
    sql`select "table", "from", on_delete from pragma_foreign_key_list(${table})`,
  );
  const indexList = await rows<{ name: string; unique: number; origin: string }>(
    db,
    sql`select name, "unique", origin from pragma_index_list(${table})`,
  );
  const uniqueColumns = new Set<string>();
  const indexes: IndexModel[] = [];
  for (const index of indexList) {
    const columns = (
      await rows<{ name: string }>(db, sql`select name from pragma_index_info(${index.name}) order by seqno`)
    ).map((column) => column.name);
    if (index.origin === 'u' && columns.length === 1) uniqueColumns.add(columns[0]!);
    else if (index.origin === 'c') indexes.push({ name: index.name, columns });
  }
  const search = await rows(
    db,
    sql`select 1 from sqlite_master where type = 'table' and name = ${`${table}_search`}`,
  );
  const columns = info.map((column): ColumnModel => {
    const isId = keyColumns.length === 1 && column.pk === 1;
    const foreignKey = foreignKeys.find((key) => key.from === column.name);
    return tidy({
      name: column.name,
      type: (isId ? 'id' : sqliteType(column.type)) as ColumnType,
      notNull: column.notnull === 1,
      unique: uniqueColumns.has(column.name),
      ...(foreignKey
        ? {
            references: { table: foreignKey.table, onDelete: FK_ACTION[foreignKey.on_delete] ?? 'no action' },
          }
        : {}),
    });
  });
  return {
    name: table,
    columns,
    indexes: sortByName(indexes),
    ...(keyColumns.length > 1 ? { primaryKey: keyColumns.map((column) => column.name) } : {}),
    search: search.length > 0,
  };
}

async function introspectPostgres(db: AnyKysely, table: string): Promise<TableModel | undefined> {
  const info = await rows<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    collation_name: string | null;
    is_nullable: string;
    is_identity: string;
  }>(
    db,
    sql`select column_name, data_type, character_maximum_length, collation_name, is_nullable, is_identity
      from information_schema.columns where table_schema = current_schema() and table_name = ${table}
      order by ordinal_position`,
  );
  if (info.length === 0) return undefined;
  const constraints = await rows<{
    contype: string;
    columns: string[];
    target: string | null;
    action: string;
  }>(
    db,
    sql`select c.contype, c.confdeltype as action, ft.relname as target,
        array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as columns
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      left join pg_class ft on ft.oid = c.confrelid
      where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace`,
  );
  const indexRows = await rows<{ name: string; columns: string[]; method: string }>(
    db,
    sql`select i.relname as name, am.amname as method,
        array(select a.attname from unnest(x.indkey) with ordinality k(n, o)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n order by k.o)::text[] as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_am am on am.oid = i.relam
      where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
  );
  const primaryKey = constraints.find((constraint) => constraint.contype === 'p')?.columns ?? [];
  const unique = new Set(
    constraints
      .filter((constraint) => constraint.contype === 'u' && constraint.columns.length === 1)
      .map((constraint) => constraint.columns[0]!),
  );
  const foreignKeys = constraints.filter((constraint) => constraint.contype === 'f');
  const columns = info.map((column): ColumnModel => {
    const foreignKey = foreignKeys.find((key) => key.columns[0] === column.column_name);
    return tidy({
      name: column.column_name,
      type: postgresType(column),
      notNull: column.is_nullable === 'NO',
      unique: unique.has(column.column_name),
      ...(foreignKey
        ? { references: { table: foreignKey.target!, onDelete: FK_ACTION[foreignKey.action] ?? 'no action' } }
        : {}),
    });
  });
  return {
    name: table,
    columns,
    indexes: sortByName(
      indexRows
        .filter((index) => index.method !== 'gin')
        .map((index) => ({ name: index.name, columns: index.columns })),
    ),
    ...(primaryKey.length > 1 ? { primaryKey } : {}),
    search: indexRows.some((index) => index.name === `${table}_search` && index.method === 'gin'),
  };
}

/** SQLite reports the declared type back; the model's name for `double precision` is `double`. */
function sqliteType(declared: string): string {
  const type = declared.toLowerCase();
  return type === 'double precision' ? 'double' : type;
}

function postgresType(column: {
  data_type: string;
  character_maximum_length: number | null;
  collation_name: string | null;
  is_identity: string;
}): ColumnType {
  if (column.is_identity === 'YES') return 'id';
  switch (column.data_type) {
    case 'character varying':
      return `varchar(${column.character_maximum_length})` as ColumnType;
    case 'timestamp with time zone':
      return 'dateTime';
    case 'double precision':
      return 'double';
    case 'text':
      return column.collation_name === 'C' ? 'sortKey' : 'text';
    default:
      return column.data_type as ColumnType;
  }
}

/** Drops false flags so models compare and print the same however they were made. */
function tidy(column: ColumnModel): ColumnModel {
  const { notNull, unique, ...rest } = column;
  return { ...rest, ...(notNull ? { notNull } : {}), ...(unique ? { unique } : {}) };
}

const sortByName = (indexes: IndexModel[]) => indexes.sort((a, b) => a.name.localeCompare(b.name));
