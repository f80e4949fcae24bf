import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type JobRow, jobClaimFor } from '../../db/job-claim.ts';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { insertJob, markDone, markFailed, type NewJob, renewLease } from './jobs.repository.ts';

/** The first retry waits this long, each next one twice as long, up to RETRY_DELAY_MAX_MS. */
export const RETRY_DELAY_MS = 30_000;
export const RETRY_DELAY_MAX_MS = 6 * 60 * 60_000;
/** How long a runner holds a job unless its kind says otherwise; it renews the lease while it works. */
const DEFAULT_LEASE_SECONDS = 300;

/** The wait before the attempt after `attempt` (1-based): 30 s doubling, capped at 6 h. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1), RETRY_DELAY_MAX_MS);

export interface RunningJob {
  id: number;
  payload: unknown;
  /** 1 on the first attempt. */
  attempt: number;
}

export interface JobDefinition {
  /** One of JOB_KINDS (job-kinds.ts); tests define their own. */
  kind: string;
  /** The work; a throw is a failed attempt, retried after a backoff until maxAttempts. */
  run: (job: RunningJob) => Promise<void>;
  /** Queued once per period of this many seconds, by whichever instance asks first; default never. */
  everySeconds?: number;
  /** Attempts before the job is left failed; default 5. */
  maxAttempts?: number;
  /** How long a claim holds without renewal; a job whose runner died runs again after it. Default 300. */
  leaseSeconds?: number;
}

export interface JobRunnerOptions {
  db: DynamicDb;
  log: FastifyBaseLogger;
  /** Clock for tests; default Date.now. */
  now?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs queued jobs of the kinds defined in this process, one at a time, each exactly once across every
 * instance sharing the database (db/job-claim.ts), and queues the scheduled kinds once per period.
 */
export class JobRunner {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly definitions = new Map<string, JobDefinition>();
  private running: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  private readonly options: JobRunnerOptions;

  constructor(options: JobRunnerOptions) {
    this.options = options;
  }

  private now = () => (this.options.now ?? Date.now)();

  define(definition: JobDefinition): void {
    if (this.definitions.has(definition.kind)) throw new Error(`Job kind ${definition.kind} defined twice`);
    this.definitions.set(definition.kind, definition);
  }

  /** Queues a job; on `db` (the caller's transaction) when given, so it exists only if that commits. */
  enqueue(job: NewJob, db: DynamicDb = this.options.db): Promise<boolean> {
    const maxAttempts = job.maxAttempts ?? this.definitions.get(job.kind)?.maxAttempts;
    return insertJob(db, { ...job, ...(maxAttempts ? { maxAttempts } : {}) }, iso(this.now()));
  }

  /** Queues the job of the current period of each scheduled kind, unless some instance already did. */
  async queueScheduled(): Promise<void> {
    const now = this.now();
    for (const definition of this.definitions.values()) {
      const periodMs = (definition.everySeconds ?? 0) * 1000;
      if (periodMs <= 0) continue;
      const period = Math.floor(now / periodMs);
      await this.enqueue({
        kind: definition.kind,
        slot: `${definition.kind}:${period}`,
        runAt: iso(period * periodMs),
      });
    }
  }

  /**
   * Queues the scheduled kinds, then runs due jobs until none is left; answers how many it ran. A call
   * while a run is under way joins it.
   */
  runDue(): Promise<number> {
    this.running ??= this.runAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runAll(): Promise<number> {
    await this.queueScheduled();
    let count = 0;
    while (!this.stopped && (await this.runNext())) count += 1;
    return count;
  }

  /** Claims and runs one due job; false when none was due. */
  async runNext(): Promise<boolean> {
    const now = this.now();
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return false;
    const lease = (kind: string) =>
      (this.definitions.get(kind)?.leaseSeconds ?? DEFAULT_LEASE_SECONDS) * 1000;
    const claimed = await jobClaimFor(this.options.db).claimNext(this.options.db as never, {
      owner: this.owner,
      now: iso(now),
      leaseExpiresAt: (kind) => iso(now + lease(kind)),
      kinds,
    });
    if (!claimed) return false;
    await this.execute(claimed, lease(claimed.kind));
    return true;
  }

  private async execute(job: JobRow, leaseMs: number): Promise<void> {
    const db = this.options.db;
    if (job.attempts > job.max_attempts) {
      // Its runner died holding it after the last attempt had begun.
      await markFailed(db, job, 'Běh úlohy se přerušil a další pokus už nezbývá.', iso(this.now()), null);
      return;
    }
    const heartbeat = setInterval(() => {
      renewLease(db, job, iso(this.now() + leaseMs)).catch((error) =>
        this.options.log.warn({ err: error, job: job.id }, 'job lease could not be renewed'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const payload = job.payload === null ? null : JSON.parse(job.payload);
      await this.definitions.get(job.kind)!.run({ id: job.id, payload, attempt: job.attempts });
      clearInterval(heartbeat);
      await markDone(db, job, iso(this.now()));
    } catch (error) {
      clearInterval(heartbeat);
      const last = job.attempts >= job.max_attempts;
      const retryAt = last ? null : iso(this.now() + retryDelayMs(job.attempts));
      this.options.log.error({ err: error, job: job.id, kind: job.kind, retryAt }, 'job failed');
      await markFailed(
        db,
        job,
        error instanceof Error ? error.message : String(error),
        iso(this.now()),
        retryAt,
      );
    }
  }

  /** Polls every `seconds` (the timer never keeps the process alive); 0 polls never. */
  start(seconds: number): void {
    if (seconds <= 0 || this.stopped) return;
    const tick = async () => {
      try {
        await this.runDue();
      } catch (error) {
        this.options.log.error({ err: error }, 'job poll failed');
      }
      if (!this.stopped) this.timer = setTimeout(tick, seconds * 1000).unref();
    };
    this.timer = setTimeout(tick, seconds * 1000).unref();
  }

  /** Stops polling and waits for the job in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
