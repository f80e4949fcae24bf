import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Engine } from '../../db/dialect.ts';

/** One file of a backup, by its path inside the backup folder (`/` separated). */
export interface BackedUpFile {
  path: string;
  size: number;
  sha256: string;
}

/** `manifest.json` of a backup folder: what it holds, to check it before it is restored. */
export interface Manifest {
  /** Layout version of the folder. */
  format: 1;
  createdAt: string;
  engine: Engine;
  /** The last migration the backed-up database had run. */
  migration: string | null;
  /** The database's file inside the folder: `database/klubovna.sqlite` or `database/klubovna.dump`. */
  database: string;
  /** Rows per table at the moment of the copy. */
  records: Record<string, number>;
  /** Every file of the folder but the manifest: the database and the stored files. */
  files: BackedUpFile[];
}

export const MANIFEST = 'manifest.json';
/** Uploaded files and their thumbnails, as under DATA_DIR/files. */
export const FILES_FOLDER = 'files';

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `root`, as `/`-separated paths relative to it, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export async function describeFiles(folder: string, paths: string[]): Promise<BackedUpFile[]> {
  const described: BackedUpFile[] = [];
  for (const relative of paths) {
    const full = path.join(folder, relative);
    described.push({ path: relative, size: (await fs.stat(full)).size, sha256: await sha256File(full) });
  }
  return described;
}

/** What is wrong with a backup folder, in Czech: a missing manifest, a missing or changed file. */
export async function verifyBackup(folder: string): Promise<{ manifest?: Manifest; problems: string[] }> {
  const text = await fs.readFile(path.join(folder, MANIFEST), 'utf8').catch(() => undefined);
  if (text === undefined) return { problems: [`Ve složce ${folder} není soubor ${MANIFEST}.`] };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    return { problems: [`Soubor ${MANIFEST} není platný JSON.`] };
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.files))
    return { problems: [`Soubor ${MANIFEST} nemá známý formát zálohy.`] };
  const problems: string[] = [];
  for (const file of manifest.files) {
    const full = path.join(folder, file.path);
    if (!path.resolve(full).startsWith(path.resolve(folder) + path.sep)) {
      problems.push(`Cesta ${file.path} vede mimo složku zálohy.`);
      continue;
    }
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat) problems.push(`Chybí soubor ${file.path}.`);
    else if (stat.size !== file.size || (await sha256File(full)) !== file.sha256)
      problems.push(`Soubor ${file.path} se liší od zálohy (kontrolní součet nesouhlasí).`);
  }
  return { manifest, problems };
}
