import type { Generated, Kysely, Selectable } from 'kysely';
import { engineOf } from './dialect.ts';
import type { DbDateTime } from './schema.ts';

/** The `jobs` table, as the job entity declares it (modules/jobs/job.entity.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  state: string;
  attempts: number;
  max_attempts: number;
  run_at: DbDateTime;
  started_at: DbDateTime | null;
  finished_at: DbDateTime | null;
  last_error: string | null;
  /** JSON text. */
  payload: string | null;
  lease_owner: string | null;
  lease_expires_at: DbDateTime | null;
  slot: string | null;
  search_text: Generated<string>;
  version: Generated<number>;
  created_at: DbDateTime;
  updated_at: DbDateTime;
}

/** The database or a transaction on it (a Transaction is a Kysely), seen as holding the jobs table. */
export type JobsDb = Kysely<{ jobs: JobsTable }>;
export type JobRow = Selectable<JobsTable>;

export interface ClaimRequest {
  /** Names the runner (process) that takes the job; only it may finish it while its lease lasts. */
  owner: string;
  now: string;
  /** Until when the claim holds, by the job's kind. */
  leaseExpiresAt: (kind: string) => string;
  /** The kinds the runner can run: jobs of other kinds wait for a runner that can. */
  kinds: readonly string[];
}

/**
 * Takes the next due job for one runner, or none: a queued job whose time has come, or a running one
 * whose runner's lease ran out (that runner died or hung). The job becomes running, leased to `owner`,
 * with one attempt more. Two runners never take the same job.
 */
export interface JobClaim {
  claimNext(db: JobsDb, request: ClaimRequest): Promise<JobRow | undefined>;
}

const dueJobs = (db: JobsDb, { now, kinds }: ClaimRequest) =>
  db
    .selectFrom('jobs')
    .select(['id', 'kind'])
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', now)]),
      ]),
    )
    .orderBy('run_at')
    .orderBy('id')
    .limit(1);

const take = (db: JobsDb, due: { id: number; kind: string }, { owner, now, leaseExpiresAt }: ClaimRequest) =>
  db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      lease_owner: owner,
      lease_expires_at: leaseExpiresAt(due.kind),
      attempts: eb('attempts', '+', 1),
      started_at: now,
      finished_at: null,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', due.id)
    .returningAll()
    .executeTakeFirst();

/**
 * PostgreSQL: the due row is locked for the claiming transaction and rows other transactions hold are
 * passed over (FOR UPDATE SKIP LOCKED), so runners on several instances each take a different job
 * without waiting for each other.
 */
const postgresClaim: JobClaim = {
  claimNext: (db, request) =>
    db.transaction().execute(async (trx) => {
      const due = await dueJobs(trx, request).forUpdate().skipLocked().executeTakeFirst();
      return due ? take(trx, due, request) : undefined;
    }),
};

/**
 * SQLite: the app's transactions begin IMMEDIATE (sqlite-dialect.ts), taking the write lock before the
 * read, so a second process sharing the file waits and then finds the job taken.
 */
const sqliteClaim: JobClaim = {
  claimNext: (db, request) =>
    db.transaction().execute(async (trx) => {
      const due = await dueJobs(trx, request).executeTakeFirst();
      return due ? take(trx, due, request) : undefined;
    }),
};

const CLAIMS = { postgres: postgresClaim, sqlite: sqliteClaim } as const;

/** How jobs are claimed on this database. */
// biome-ignore lint/suspicious/noExplicitAny: any schema holding the jobs table
export const jobClaimFor = (db: Kysely<any>): JobClaim => CLAIMS[engineOf(db)];
