import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a local folder or an S3 bucket (storage-from-config.ts picks one at
 * start). Narrow on purpose: nothing else in the app asks which one it is.
 */
export interface FileStorage {
  /** Moves a finished temporary file under `key`; `contentType` is what it is served as. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The file's content as a stream, or undefined when nothing is stored under `key`. */
  read(key: string): Promise<Readable | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Resolves when a file can be stored now (readiness); rejects with the reason otherwise. */
  checkWritable(): Promise<void>;
  /** An address anyone may fetch the file from directly, or undefined: the app serves it. */
  publicUrl(key: string): string | undefined;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]{1,40}\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{10,64}(?:\.[a-z0-9]{1,8})?$/;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/** Throws unless `key` is one the app generates (never a user's file name, never leaving the root). */
export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key ${key}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A folder on the local disk (DATA_DIR/files by default). Keys are generated, never user file names. */
export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertSafeStorageKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new Error(`storage key ${key} leaves the root`);
    return full;
  };
  return {
    async putFile(key, sourcePath) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(sourcePath, target);
    },
    async read(key) {
      const handle = await fs.open(resolve(key)).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      return handle?.createReadStream();
    },
    exists: (key) =>
      fs.access(resolve(key)).then(
        () => true,
        () => false,
      ),
    delete: (key) => fs.rm(resolve(key), { force: true }),
    async checkWritable() {
      // A real write, not an access() check: a full or read-only disk passes access().
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.ready-${process.pid}-${Date.now()}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
    },
    publicUrl: () => undefined,
    close: async () => {},
  };
}
