import type { Engine } from '../dialect.ts';

/** The last migration run and the rows of every table, as a backup's manifest records them. */
export interface DatabaseFacts {
  migration: string | null;
  records: Record<string, number>;
}

/**
 * One database engine's part of a backup and of a restore. `databaseBackupFor` (configured-backup.ts) picks the configured
 * one; nothing in backup and restore asks which engine it is.
 */
export interface DatabaseBackup {
  engine: Engine;
  /** The database's copy inside a backup folder. */
  copyName: string;
  /** Where a restore puts the database, as the restore's last line names it. */
  place: string;
  /** Writes a consistent copy of the live database to `target` and answers its facts. */
  dump(target: string): Promise<DatabaseFacts>;
  /**
   * Refuses (RestoreRefused) a database a running server uses, or one that holds data — or a files
   * folder that does (`filesHere`) — unless `force`.
   */
  checkTarget(force: boolean, filesHere: boolean): Promise<void>;
  /** Puts the copy in place of the configured database. */
  restore(copy: string): Promise<void>;
}

/** A refusal told to the person restoring, in Czech; the command exits with `exitCode`. */
export class RestoreRefused extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}
