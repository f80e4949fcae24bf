import type { JobRow, JobsDb } from '../../db/job-claim.ts';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';

// biome-ignore lint/suspicious/noExplicitAny: the app's database or a transaction, of whatever schema type
type AnyDb = DynamicDb | { transaction(): any };
const jobs = (db: AnyDb) => db as unknown as JobsDb;

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** When it may run first; default now. */
  runAt?: string;
  /** Attempts before it is left failed; default 5. */
  maxAttempts?: number;
  /** A scheduled job's period: a second job of the same slot is not queued. */
  slot?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

const newRow = (job: NewJob, now: string) => ({
  kind: job.kind,
  state: 'queued',
  attempts: 0,
  max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  run_at: job.runAt ?? now,
  started_at: null,
  finished_at: null,
  last_error: null,
  payload: job.payload === undefined ? null : JSON.stringify(job.payload),
  lease_owner: null,
  lease_expires_at: null,
  slot: job.slot ?? null,
  created_at: now,
  updated_at: now,
});

/**
 * Queues a job on `db`: pass the caller's transaction and the job exists only if that commits. A job
 * of a slot already queued (by this or another instance) is not queued again; answers whether it was.
 */
export async function insertJob(db: AnyDb, job: NewJob, now = new Date().toISOString()): Promise<boolean> {
  const inserted = await jobs(db)
    .insertInto('jobs')
    .values(newRow(job, now))
    .onConflict((conflict) => conflict.column('slot').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Ends the runner's attempt at a job, if it still holds it (a runner whose lease ran out has lost it). */
const endAttempt = (db: AnyDb, job: JobRow, now: string, outcome: Record<string, unknown>) =>
  jobs(db)
    .updateTable('jobs')
    .set((eb) => ({
      ...outcome,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.lease_owner)
    .execute();

/** Marks the job done. */
export const markDone = (db: AnyDb, job: JobRow, now: string) =>
  endAttempt(db, job, now, { state: 'done', finished_at: now });

/** Records a failed attempt: queued again at `retryAt`, or failed for good when `retryAt` is null. */
export const markFailed = (db: AnyDb, job: JobRow, error: string, now: string, retryAt: string | null) =>
  endAttempt(db, job, now, {
    state: retryAt ? 'queued' : 'failed',
    run_at: retryAt ?? job.run_at,
    finished_at: retryAt ? null : now,
    last_error: error.slice(0, 4000),
  });

/** Keeps the job leased to its runner a while longer; false when the runner has lost it. */
export async function renewLease(db: AnyDb, job: JobRow, leaseExpiresAt: string): Promise<boolean> {
  const result = await jobs(db)
    .updateTable('jobs')
    .set({ lease_expires_at: leaseExpiresAt })
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.lease_owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed job runs again at the next poll, with its whole number of attempts. */
export const requeueFailedJob = (db: AnyDb, id: number, now: string) =>
  jobs(db)
    .updateTable('jobs')
    .set((eb) => ({
      state: 'queued',
      attempts: 0,
      run_at: now,
      finished_at: null,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .execute();

/** Deletes jobs that ended (done or failed) before `before`; answers how many. */
export async function deleteEndedJobs(db: AnyDb, before: string): Promise<number> {
  const result = await jobs(db)
    .deleteFrom('jobs')
    .where('state', 'in', ['done', 'failed'])
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
