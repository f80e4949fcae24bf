import { randomBytes } from 'node:crypto';
import type PgModule from 'pg';

/**
 * How an instance learns of the writes it cannot see itself, so its caches can drop what they changed.
 * Chosen once at start (openDatabase): SQLite's file has one writer, this process, whose own write
 * tracker sees everything; on PostgreSQL, other instances' writes arrive by LISTEN/NOTIFY
 * (PostgresInvalidationBus).
 */
export interface InvalidationBus {
  /**
   * Resolves once every write committed before the call has moved the tracker's stamps: true then,
   * false when that cannot be told now (the bus is reconnecting), when nothing may be reused.
   */
  catchUp(): Promise<boolean>;
  close(): Promise<void>;
}

/** SQLite: the process's own tracker counts every write before it runs. */
export const inProcessBus: InvalidationBus = {
  catchUp: async () => true,
  close: async () => {},
};

/** The one channel every instance listens on; a payload names `schema.table`, or is a ping (`!…`). */
export const WRITES_CHANNEL = 'klubovna_writes';
/** The statement-level trigger every table of the schema gets (ensureWriteNotifications). */
export const NOTIFY_TRIGGER = 'klubovna_notify_write';
/** A ping not echoed within this is taken as a lost connection. */
const PING_TIMEOUT_MS = 5_000;
/** Waits before connecting again after a loss, doubling from the first to the last. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_LAST_MS = 5_000;

/** What the bus tells of the writes it hears of (the write tracker). */
export interface WriteCounter {
  /** `tables` were written; null: anything may have been. */
  noteWrite(tables: string[] | null): void;
}

export interface PostgresBusOptions {
  pg: typeof PgModule;
  databaseUrl: string;
  schema: string;
  tracker: WriteCounter;
  /** What the connection calls itself to PostgreSQL (the tests find it by this). */
  applicationName: string;
}

/**
 * A dedicated connection (not the pool's) LISTENing on WRITES_CHANNEL. Every table's statement-level
 * trigger NOTIFYs its name in the writing transaction: PostgreSQL delivers it only if that transaction
 * commits, before the commit returns to the writer, and to every listener in commit order. A cache
 * about to reuse an entry first calls catchUp: the bus NOTIFYs a ping of its own and waits for its
 * echo; since notifications arrive in commit order, every write acknowledged to anyone before the call
 * has been counted by then (read-your-write through any instance), whether it went through this app or
 * not. After a lost connection the bus connects again and drops every cached entry (a write may have
 * been missed meanwhile); until then nothing is reused.
 */
export class PostgresInvalidationBus implements InvalidationBus {
  readonly #options: PostgresBusOptions;
  readonly #id = randomBytes(6).toString('hex');
  readonly #pings = new Map<string, (echoed: boolean) => void>();
  #client: PgModule.Client | undefined;
  #sequence = 0;
  #inFlight: Promise<boolean> | undefined;
  #queued: Promise<boolean> | undefined;
  #reconnectMs = RECONNECT_FIRST_MS;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: PostgresBusOptions) {
    this.#options = options;
  }

  /** Connects and listens; resolves once listening. */
  async start(): Promise<void> {
    const { pg, databaseUrl, applicationName } = this.#options;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: applicationName,
      keepAlive: true,
    });
    client.on('notification', (message) => this.#heard(message.payload ?? ''));
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`listen ${WRITES_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await client.end();
      return;
    }
    this.#client = client;
    this.#reconnectMs = RECONNECT_FIRST_MS;
    // Anything written while nobody listened may be in a cache: every entry goes.
    this.#options.tracker.noteWrite(null);
  }

  /** True while a connection listens (the tests wait for it). */
  get listening(): boolean {
    return this.#client !== undefined;
  }

  catchUp(): Promise<boolean> {
    if (!this.#client) return Promise.resolve(false);
    if (!this.#inFlight) {
      this.#inFlight = this.#ping().finally(() => {
        this.#inFlight = undefined;
      });
      return this.#inFlight;
    }
    // A ping already on its way may have been sent before a write the caller has seen acknowledged.
    this.#queued ??= this.#inFlight.then(() => {
      this.#queued = undefined;
      return this.catchUp();
    });
    return this.#queued;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = undefined;
    this.#settlePings(false);
    await client?.end().catch(() => {});
  }

  #ping(): Promise<boolean> {
    const client = this.#client;
    if (!client) return Promise.resolve(false);
    this.#sequence += 1;
    const token = `!${this.#id}:${this.#sequence}`;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => this.#lost(client), PING_TIMEOUT_MS);
      this.#pings.set(token, (echoed) => {
        clearTimeout(timer);
        this.#pings.delete(token);
        resolve(echoed);
      });
      client.query('select pg_notify($1, $2)', [WRITES_CHANNEL, token]).catch(() => this.#lost(client));
    });
  }

  #heard(payload: string): void {
    if (payload.startsWith('!')) {
      this.#pings.get(payload)?.(true);
      return;
    }
    const prefix = `${this.#options.schema}.`;
    if (payload.startsWith(prefix)) this.#options.tracker.noteWrite([payload.slice(prefix.length)]);
  }

  #settlePings(echoed: boolean): void {
    for (const settle of [...this.#pings.values()]) settle(echoed);
  }

  /** The connection broke (or never came up): stop trusting caches and connect again. */
  #lost(client: PgModule.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#options.tracker.noteWrite(null);
    client.end().catch(() => {});
    this.#settlePings(false);
    this.#reconnect();
  }

  #reconnect(): void {
    if (this.#closed || this.#reconnectTimer) return;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      if (this.#closed || this.#client) return;
      this.start().catch(() => this.#reconnect());
    }, this.#reconnectMs);
    this.#reconnectMs = Math.min(this.#reconnectMs * 2, RECONNECT_LAST_MS);
  }
}
