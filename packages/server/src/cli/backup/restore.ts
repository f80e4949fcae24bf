import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { searchPathOf, serverApplicationName } from '../../db/database.ts';
import { copyStoredFiles } from './backup.ts';
import { FILES_FOLDER, type Manifest, verifyBackup } from './manifest.ts';
import { postgresFacts, postgresServersConnected, restorePostgres } from './postgres-backup.ts';
import { SQLITE_FILE, sqliteInUse } from './sqlite-backup.ts';

/** A refusal told to the person restoring, in Czech; the command exits with `exitCode`. */
export class RestoreRefused extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}

async function hasEntries(folder: string): Promise<boolean> {
  return (await fs.readdir(folder).catch(() => [])).length > 0;
}

/** Refuses a target a server is using, or one holding data unless `force`. */
async function checkTarget(config: AppConfig, force: boolean): Promise<void> {
  const filesHere = await hasEntries(path.join(config.dataDir, FILES_FOLDER));
  if (config.databaseUrl) {
    const schema = searchPathOf(config.databaseUrl) ?? 'public';
    if ((await postgresServersConnected(config.databaseUrl, serverApplicationName(schema))) > 0)
      throw new RestoreRefused(
        `Databázi (schéma ${schema}) právě používá běžící server. Zastavte všechny instance a spusťte obnovu znovu.`,
      );
    const tables = Object.keys((await postgresFacts(config.databaseUrl)).records);
    if (!force && (tables.length > 0 || filesHere))
      throw new RestoreRefused(
        `Cílová databáze (schéma ${schema}) nebo složka ${config.dataDir} už obsahuje data. Chcete-li je nahradit zálohou, spusťte obnovu s volbou --force.`,
      );
    return;
  }
  if (sqliteInUse(config.dataDir))
    throw new RestoreRefused(
      `Databázi ve složce ${config.dataDir} právě používá běžící server. Zastavte ho a spusťte obnovu znovu.`,
    );
  const databaseHere = await fs.stat(path.join(config.dataDir, SQLITE_FILE)).catch(() => undefined);
  if (!force && (databaseHere || filesHere))
    throw new RestoreRefused(
      `Složka ${config.dataDir} už obsahuje data (databázi nebo soubory). Chcete-li je nahradit zálohou, spusťte obnovu s volbou --force.`,
    );
}

/** Puts the SQLite copy in place, with no WAL of the replaced database left beside it. */
async function restoreSqlite(config: AppConfig, copy: string): Promise<void> {
  await fs.mkdir(config.dataDir, { recursive: true });
  const target = path.join(config.dataDir, SQLITE_FILE);
  const incoming = `${target}.restoring`;
  await fs.copyFile(copy, incoming);
  for (const suffix of ['-wal', '-shm', '-journal']) await fs.rm(`${target}${suffix}`, { force: true });
  await fs.rename(incoming, target);
}

/** Checks a backup folder and brings its database and files back into the configured place. */
export async function restoreBackup(config: AppConfig, folder: string, force: boolean): Promise<Manifest> {
  const { manifest, problems } = await verifyBackup(folder);
  if (!manifest || problems.length > 0)
    throw new RestoreRefused(`Záloha ve složce ${folder} není v pořádku:\n${problems.join('\n')}`, 3);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine)
    throw new RestoreRefused(
      `Záloha je z databáze ${manifest.engine}, server je nastaven na ${engine} (DATABASE_URL).`,
    );
  await checkTarget(config, force);
  const database = path.join(folder, manifest.database);
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, database);
  else await restoreSqlite(config, database);
  const files = path.join(config.dataDir, FILES_FOLDER);
  await fs.rm(files, { recursive: true, force: true });
  await copyStoredFiles(path.join(folder, FILES_FOLDER), files);
  return manifest;
}
