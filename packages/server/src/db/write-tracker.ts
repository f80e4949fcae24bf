import type {
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { InvalidationBus } from './invalidation-bus.ts';

/** Which table a write names; undefined when it cannot be told (raw SQL, aliases we do not read). */
function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode') {
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  }
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

const READ_ONLY_RAW = /^\s*(select|pragma|explain|begin|commit|rollback|savepoint|release)\b/i;

/**
 * The tables a query may write: [] for a read, a list of names for a write, null when unknown
 * (then every table counts as written).
 */
function writtenTables(node: RootOperationNode): string[] | null {
  switch (node.kind) {
    case 'SelectQueryNode':
      return [];
    case 'InsertQueryNode': {
      const name = tableName(node.into);
      return name ? [name] : null;
    }
    case 'UpdateQueryNode': {
      const name = node.from || node.joins ? undefined : tableName(node.table);
      return name ? [name] : null;
    }
    case 'DeleteQueryNode': {
      const froms = node.from.froms.map(tableName);
      return node.using || node.joins || froms.some((name) => !name) ? null : (froms as string[]);
    }
    case 'RawNode':
      return READ_ONLY_RAW.test(node.sqlFragments.join('?')) ? [] : null;
    default:
      return null;
  }
}

/**
 * Counts the writes this process makes, per table, so in-process caches (sessions, datagrid totals)
 * can tell that what they hold may be stale: a cache keeps the stamp taken before its read and drops
 * the entry once the stamp moved. A write is counted before it runs and again after it runs, so a
 * read that overlaps a write carries an old stamp (SQLite's one connection runs nothing in between).
 * Writes by other processes cannot be seen: on a database that other app instances share
 * (PostgreSQL), every `stamp` is NaN, which no cached entry ever matches, so every read there is fresh
 * and a change made through one instance shows on all of them at once. Caches that may be shared
 * there take `settledStamp` instead: the invalidation bus (invalidation-bus.ts) counts other
 * instances' writes too, and makes sure every write committed before the call was counted.
 */
export class WriteTracker implements KyselyPlugin {
  /** False when other processes may write the same database. */
  readonly seesAllWrites: boolean;
  /** How long caches of query results that rely on this tracker may keep them; 0: no caching. */
  readonly resultCacheTtlMs: number;
  /** Moved by writes to tables that cannot be told: part of every stamp. */
  #epoch = 0;
  /** Every counted write, whatever the table. */
  #all = 0;
  readonly #tables = new Map<string, number>();
  readonly #pending = new WeakMap<QueryId, string[] | null>();
  #bus: InvalidationBus | undefined;

  constructor({
    seesAllWrites,
    resultCacheTtlMs = 5_000,
  }: { seesAllWrites: boolean; resultCacheTtlMs?: number }) {
    this.seesAllWrites = seesAllWrites;
    this.resultCacheTtlMs = resultCacheTtlMs;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    if (tables === null || tables.length > 0) {
      this.#written(tables);
      this.#pending.set(queryId, tables);
    }
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#pending.get(queryId);
    if (tables !== undefined) {
      this.#pending.delete(queryId);
      this.#written(tables);
    }
    return result;
  }

  /**
   * A number that changes whenever any of `tables` (any table at all when none are named) may have
   * been written; it never decreases. NaN when writes of other processes cannot be ruled out.
   */
  stamp(tables?: readonly string[]): number {
    if (!this.seesAllWrites) return Number.NaN;
    return this.#stampOf(tables);
  }

  /**
   * Like `stamp`, on every engine: once the invalidation bus has counted every write committed before
   * the call (other instances' included). NaN when that cannot be told (no bus, or it reconnects).
   */
  async settledStamp(tables?: readonly string[]): Promise<number> {
    if (this.seesAllWrites) return this.stamp(tables);
    if (!this.#bus || !(await this.#bus.catchUp())) return Number.NaN;
    return this.#stampOf(tables);
  }

  /** Where other processes' writes are heard from (PostgreSQL); SQLite's process sees them all. */
  useBus(bus: InvalidationBus): void {
    this.#bus = bus;
  }

  /** A write this tracker cannot see itself (told by the bus); null: any table, or unknown. */
  noteWrite(tables: string[] | null): void {
    this.#written(tables);
  }

  #stampOf(tables?: readonly string[]): number {
    if (!tables) return this.#epoch + this.#all;
    let stamp = this.#epoch;
    for (const table of tables) stamp += this.#tables.get(table) ?? 0;
    return stamp;
  }

  #written(tables: string[] | null): void {
    this.#all += 1;
    if (tables === null) {
      this.#epoch += 1;
      return;
    }
    for (const table of tables) this.#tables.set(table, (this.#tables.get(table) ?? 0) + 1);
  }
}

const trackers = new WeakMap<object, WriteTracker | null>();

/** The tracker installed on a database (or a transaction of it) by openDatabase, if any. */
// biome-ignore lint/suspicious/noExplicitAny: works on any schema, and on transactions
export function writeTrackerOf(db: Kysely<any>): WriteTracker | undefined {
  const executor = db.getExecutor();
  let tracker = trackers.get(executor);
  if (tracker === undefined) {
    tracker = (executor.plugins.find((plugin) => plugin instanceof WriteTracker) as WriteTracker) ?? null;
    trackers.set(executor, tracker);
  }
  return tracker ?? undefined;
}
