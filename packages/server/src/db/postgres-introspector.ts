import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/** Kysely's own tables, which its migrator asks for and everyone else is spared. */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface ColumnRow {
  schema: string;
  table: string;
  table_kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
  comment: string | null;
}

/**
 * What the database holds, for the schemas this connection works in (its search path). Kysely's own
 * introspection reads every schema of the database and calls `pg_get_serial_sequence` for each column:
 * while another schema of the same database migrates (another club's instance, a test beside this one),
 * a column it drops between the read and the call fails the read, and with it this instance's start.
 * Here an auto-incrementing column is told from the catalog alone (an identity, or a sequence it owns).
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: introspection works on any database
  readonly #db: Kysely<any>;

  // biome-ignore lint/suspicious/noExplicitAny: as above
  constructor(db: Kysely<any>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.#db,
    );
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as schema, c.relname as table, c.relkind as table_kind, a.attname as column,
        typ.typname as type, typns.nspname as type_schema, a.attnotnull as not_null,
        a.atthasdef as has_default, col_description(c.oid, a.attnum) as comment,
        (a.attidentity <> '' or exists (
          select 1 from pg_catalog.pg_depend d join pg_catalog.pg_class s on s.oid = d.objid
          where s.relkind = 'S' and d.refobjid = c.oid and d.refobjsubid = a.attnum
        )) as auto_incrementing
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace typns on typns.oid = typ.typnamespace
      where ns.nspname = any (current_schemas(false)) and c.relkind in ('r', 'v', 'p', 'f')
        and a.attnum > 0 and not a.attisdropped
      order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_kind === 'v',
          isForeign: row.table_kind === 'f',
          columns: [],
        };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }
}

/** Kysely's PostgreSQL dialect with the introspection above. */
export class SearchPathPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
