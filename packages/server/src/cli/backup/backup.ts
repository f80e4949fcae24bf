import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { databaseBackupFor } from '../../db/backup/configured-backup.ts';
import { describeFiles, FILES_FOLDER, listFiles, MANIFEST, type Manifest } from './manifest.ts';

/** Readiness probes (see FileStorage.checkWritable) are not stored files. */
const isStoredFile = (relative: string) => !path.posix.basename(relative).startsWith('.ready-');

/**
 * Copies the stored files one by one. A file deleted meanwhile (housekeeping) is skipped; files are
 * written under a new name once and never changed, so a copy is never half old, half new.
 */
export async function copyStoredFiles(from: string, to: string): Promise<string[]> {
  const copied: string[] = [];
  for (const relative of (await listFiles(from)).filter(isStoredFile)) {
    const target = path.join(to, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.copyFile(path.join(from, relative), target);
      copied.push(relative);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied;
}

/** `backups/2026-11-26T20-15-00Z` under the working directory. */
export function defaultBackupFolder(now = new Date()): string {
  return path.resolve(
    'backups',
    now
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-'),
  );
}

/**
 * Writes a backup while the server runs: the database first (a consistent snapshot), then the stored
 * files (every file the snapshot refers to existed before it was taken), then `manifest.json`.
 */
export async function createBackup(config: AppConfig, folder: string): Promise<Manifest> {
  const existing = await fs.readdir(folder).catch(() => []);
  if (existing.length > 0) throw new Error(`Složka ${folder} není prázdná; zálohu zapište do nové složky.`);
  try {
    return await writeBackup(config, folder);
  } catch (error) {
    // A half-written backup must not pass for one.
    await fs.rm(folder, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(config: AppConfig, folder: string): Promise<Manifest> {
  await fs.mkdir(path.join(folder, 'database'), { recursive: true });
  const backup = databaseBackupFor(config);
  const database = backup.copyName;
  const createdAt = new Date().toISOString();
  const facts = await backup.dump(path.join(folder, database));
  const stored = await copyStoredFiles(
    path.join(config.dataDir, FILES_FOLDER),
    path.join(folder, FILES_FOLDER),
  );
  const manifest: Manifest = {
    format: 1,
    createdAt,
    engine: backup.engine,
    migration: facts.migration,
    database,
    records: facts.records,
    files: await describeFiles(folder, [database, ...stored.map((file) => `${FILES_FOLDER}/${file}`)]),
  };
  await fs.writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
