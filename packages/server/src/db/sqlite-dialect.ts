import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';

/** Distinct SQL texts kept prepared; the engine's queries vary little (IN lists of other lengths do). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite connection prepares every query anew, which costs about as much as running a small
 * one; this one keeps the prepared statements, least recently used out first.
 */
class CachingSqliteConnection implements DatabaseConnection {
  readonly #db: BetterSqlite3.Database;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(db: BetterSqlite3.Database) {
    this.#db = db;
  }

  #prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      // Re-inserting keeps the map in order of last use.
      this.#statements.delete(sql);
    } else {
      statement = this.#db.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        this.#statements.delete(this.#statements.keys().next().value!);
      }
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    // A statement being iterated cannot run again meanwhile, so a stream gets a statement of its own.
    const statement = this.#db.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

export interface ImmediateSqliteConfig {
  database: BetterSqlite3.Database;
}

/**
 * SQLite's plain BEGIN takes the write lock only at the first write, so two writers can deadlock
 * into SQLITE_BUSY; BEGIN IMMEDIATE takes it up front and lets busy_timeout queue them instead.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  readonly #config: ImmediateSqliteConfig;
  readonly #connection: CachingSqliteConnection;

  constructor(config: ImmediateSqliteConfig) {
    super({ database: config.database });
    this.#config = config;
    this.#connection = new CachingSqliteConnection(config.database);
  }

  override async init(): Promise<void> {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * After some errors (a full disk: SQLITE_FULL) SQLite has rolled the transaction back itself; a
   * second ROLLBACK would fail and hide the error that says what happened.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#config.database.inTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  override async destroy(): Promise<void> {
    this.#config.database.close();
  }
}

export class ImmediateTransactionSqliteDialect extends SqliteDialect {
  readonly #config: ImmediateSqliteConfig;

  constructor(config: ImmediateSqliteConfig) {
    super({ database: config.database });
    this.#config = config;
  }

  override createDriver(): ImmediateTransactionSqliteDriver {
    return new ImmediateTransactionSqliteDriver(this.#config);
  }
}
