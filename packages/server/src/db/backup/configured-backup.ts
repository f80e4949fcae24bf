import type { DatabaseBackup } from './database-backup.ts';
import { postgresBackup } from './postgres-backup.ts';
import { sqliteBackup } from './sqlite-backup.ts';

/** The configured database's backup: the one place that asks which engine it is. */
export const databaseBackupFor = (config: { databaseUrl?: string; dataDir: string }): DatabaseBackup =>
  config.databaseUrl ? postgresBackup(config.databaseUrl, config.dataDir) : sqliteBackup(config.dataDir);
