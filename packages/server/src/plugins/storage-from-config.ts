import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type FileStorage, localStorage } from './storage.ts';

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export async function storageFromConfig(config: AppConfig): Promise<FileStorage> {
  if (!config.s3) return localStorage(path.join(config.dataDir, 'files'));
  // The SDK is loaded only by those who use it.
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(config.s3);
}
