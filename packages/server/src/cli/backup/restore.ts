import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { databaseBackupFor } from '../../db/backup/configured-backup.ts';
import { RestoreRefused } from '../../db/backup/database-backup.ts';
import { copyStoredFiles } from './backup.ts';
import { FILES_FOLDER, type Manifest, verifyBackup } from './manifest.ts';

async function hasEntries(folder: string): Promise<boolean> {
  return (await fs.readdir(folder).catch(() => [])).length > 0;
}

/** Checks a backup folder and brings its database and files back into the configured place. */
export async function restoreBackup(config: AppConfig, folder: string, force: boolean): Promise<Manifest> {
  const { manifest, problems } = await verifyBackup(folder);
  if (!manifest || problems.length > 0)
    throw new RestoreRefused(`Záloha ve složce ${folder} není v pořádku:\n${problems.join('\n')}`, 3);
  const backup = databaseBackupFor(config);
  if (manifest.engine !== backup.engine)
    throw new RestoreRefused(
      `Záloha je z databáze ${manifest.engine}, server je nastaven na ${backup.engine} (DATABASE_URL).`,
    );
  const files = path.join(config.dataDir, FILES_FOLDER);
  await backup.checkTarget(force, await hasEntries(files));
  await backup.restore(path.join(folder, manifest.database));
  await fs.rm(files, { recursive: true, force: true });
  await copyStoredFiles(path.join(folder, FILES_FOLDER), files);
  return manifest;
}
