import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { czechPlural } from '../../engine/schema/czech-text.ts';
import { THUMBNAIL_TYPE } from '../../modules/files/index.ts';
import { s3Storage } from '../../plugins/s3-storage.ts';
import { isSafeStorageKey } from '../../plugins/storage.ts';
import { listFiles } from '../backup/manifest.ts';

/** A refusal before anything is copied, in Czech; the command exits with 2. */
export class CopyRefused extends Error {}

export interface CopyOutcome {
  copied: number;
  /** Already in the bucket with the same size (a command run again goes on where it stopped). */
  alreadyThere: number;
  /** Keys the `files` table names (originals and thumbnails). */
  checked: number;
  /** Of those, the keys the bucket lacks: each a Czech line. */
  missing: string[];
}

export const filesWord = (count: number) =>
  `${count} ${czechPlural(count, { one: 'soubor', few: 'soubory', many: 'souborů' })}`;

/** The SDK's failure of HeadBucket, in Czech where it has a usual cause. */
function whyUnreachable(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return 'takový bucket na serveru není.';
  if (status === 403)
    return 'server přístup odepřel (zkontrolujte AWS_ACCESS_KEY_ID a AWS_SECRET_ACCESS_KEY).';
  return error instanceof Error ? error.message : String(error);
}

/** Every key the `files` table names, with the type it is served as. */
async function referencedKeys(config: AppConfig) {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const rows = await database.db
      .selectFrom('files')
      .select(['id', 'storage_key', 'thumbnail_key', 'mime_type', 'original_name'])
      .orderBy('id')
      .execute();
    return rows.flatMap((row) => [
      { key: row.storage_key, type: row.mime_type, row },
      ...(row.thumbnail_key ? [{ key: row.thumbnail_key, type: THUMBNAIL_TYPE, row }] : []),
    ]);
  } finally {
    await database.close();
  }
}

/**
 * Copies every file of DATA_DIR/files into the configured bucket (those already there with the same
 * size are left), then checks that every file the `files` table names is in the bucket.
 */
export async function copyToS3(config: AppConfig, say: (line: string) => void): Promise<CopyOutcome> {
  if (!config.s3)
    throw new CopyRefused('Není nastaven S3_BUCKET: nastavte úložiště S3 stejně jako pro server.');
  const storage = s3Storage(config.s3);
  try {
    await storage.checkWritable().catch((error: unknown) => {
      throw new CopyRefused(`Bucket ${config.s3!.bucket} není dosažitelný: ${whyUnreachable(error)}`);
    });
    const referenced = await referencedKeys(config);
    const types = new Map(referenced.map(({ key, type }) => [key, type]));
    const root = path.join(config.dataDir, 'files');
    const local = (await listFiles(root)).filter(isSafeStorageKey);
    say(`Kopíruji ${filesWord(local.length)} ze složky ${root} do bucketu ${config.s3.bucket}.`);
    const outcome: CopyOutcome = { copied: 0, alreadyThere: 0, checked: referenced.length, missing: [] };
    for (const [index, key] of local.entries()) {
      const source = path.join(root, key);
      const { size } = await fs.stat(source);
      if ((await storage.sizeOf(key)) === size) outcome.alreadyThere += 1;
      else {
        await storage.copyIn(key, source, types.get(key) ?? 'application/octet-stream');
        outcome.copied += 1;
      }
      if ((index + 1) % 100 === 0 || index + 1 === local.length)
        say(`  ${index + 1} z ${local.length} hotovo`);
    }
    say(`Kontroluji ${filesWord(referenced.length)}, které uvádí tabulka files.`);
    for (const { key, row } of referenced)
      if (!(await storage.exists(key)))
        outcome.missing.push(`Chybí v bucketu: ${key} (soubor č. ${row.id}, „${row.original_name}“)`);
    return outcome;
  } finally {
    await storage.close();
  }
}
