import type { DeleteResult } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import { engineWork } from '../../db/engine-work.ts';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import type { EntityRegistry } from '../../engine/declaration/registry.ts';
import { deleteTrashBefore, TRASH_FILE_REFERENCE } from '../../engine/trash/trash.repository.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import {
  deleteAttemptsBefore,
  deleteExpiredSessions,
  deleteSpentTokens,
  expireInvitations,
  LONGEST_LIMIT_WINDOW_MS,
} from '../auth/index.ts';
import { deleteUnreferencedFiles, entityFileColumns, type FileReference } from '../files/index.ts';
import { deleteEndedJobs } from '../jobs/index.ts';

/** An upload no record points at is kept this long: the form it came from may not be saved yet. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Jobs that ended (done or failed) are kept this long for the admins' screen (Úlohy). */
export const JOB_RETENTION_DAYS = 30;
/** Files deleted per statement, so that a pass after a long pause does not build one huge list. */
const FILE_BATCH = 500;

export interface HousekeepingDeps {
  db: Db;
  entities: EntityRegistry;
  storage: FileStorage;
  sessionTtlSeconds: number;
  /** Days a deleted record stays in the trash. */
  trashRetentionDays: number;
}

/** Rows one pass deleted, by kind. */
export interface PassResult {
  sessions: number;
  attempts: number;
  tokens: number;
  files: number;
  /** Records deleted for good from the trash. */
  trash: number;
  /** Pending invitations whose link ran out, marked expired (not deleted). */
  invitations: number;
  /** Ended jobs past JOB_RETENTION_DAYS. */
  jobs: number;
}

/**
 * Every column that points at files: the file and image fields of every entity by id, rich text with
 * image uploads by the files' addresses in its HTML, and the trash's.
 */
export function fileReferences(entities: EntityRegistry): FileReference[] {
  return [...[...entities.values()].flatMap(entityFileColumns), TRASH_FILE_REFERENCE];
}

/**
 * Instances sharing a PostgreSQL schema take turns: the lock is named after the schema and held until
 * the transaction ends, so a pass that finds it taken is skipped. On SQLite the pass's transaction is
 * exclusive already (BEGIN IMMEDIATE); a second pass waits for it and then finds nothing to delete.
 */
export const takeHousekeepingTurn = (trx: Executor): Promise<boolean> =>
  engineWork(trx).takeTurn(trx, 'housekeeping');

const counted = (results: DeleteResult[]) =>
  results.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);

/** Deletes the rows of unreferenced uploads batch by batch; answers how many, and their storage keys. */
async function deleteStaleUploads(trx: Executor, uploadedBefore: string, references: FileReference[]) {
  const keys: string[] = [];
  let count = 0;
  for (let batch = FILE_BATCH; batch === FILE_BATCH; ) {
    const deleted = await deleteUnreferencedFiles(trx, uploadedBefore, references, FILE_BATCH);
    for (const file of deleted)
      keys.push(file.storage_key, ...(file.thumbnail_key ? [file.thumbnail_key] : []));
    count += deleted.length;
    batch = deleted.length;
  }
  return { count, keys };
}

/**
 * Deletes expired or idle sessions, sign-in attempts older than the longest rate-limit window, used
 * or expired password tokens, ended jobs past their retention, and uploads no record has pointed at
 * since their grace period ended, with their stored objects. Answers null when another instance's pass was running.
 */
export async function runHousekeepingPass(
  deps: HousekeepingDeps,
  now = new Date(),
): Promise<PassResult | null> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const references = fileReferences(deps.entities);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (!(await takeHousekeepingTurn(trx))) return null;
    const idleSince = at(deps.sessionTtlSeconds * 1000);
    const sessions = counted(await deleteExpiredSessions(trx, now.toISOString(), idleSince));
    const attempts = counted(await deleteAttemptsBefore(trx, at(LONGEST_LIMIT_WINDOW_MS)));
    const tokens = counted(await deleteSpentTokens(trx, now.toISOString()));
    const invitations = await expireInvitations(trx, now.toISOString());
    // The trash first: the uploads only its expired records pointed at go in the same pass.
    const trash = await deleteTrashBefore(trx as unknown as DynamicDb, at(deps.trashRetentionDays * DAY_MS));
    const uploads = await deleteStaleUploads(trx, at(UPLOAD_GRACE_MS), references);
    const jobs = await deleteEndedJobs(trx, at(JOB_RETENTION_DAYS * DAY_MS));
    const result = { sessions, attempts, tokens, files: uploads.count, trash, invitations, jobs };
    return { result, keys: uploads.keys };
  });
  if (!outcome) return null;
  // After the commit: a pass that failed keeps both the rows and the objects they name.
  for (const key of outcome.keys) await deps.storage.delete(key);
  return outcome.result;
}
