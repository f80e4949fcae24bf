import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Narrow on purpose, so an S3-compatible store can implement it too. */
export interface FileStorage {
  /** Moves a finished temporary file under `key`. */
  putFile(key: string, sourcePath: string): Promise<void>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Resolves when a file can be stored now (readiness); rejects with the reason otherwise. */
  checkWritable(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]{1,40}\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{10,64}(?:\.[a-z0-9]{1,8})?$/;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/** A folder on the local disk (DATA_DIR/files by default). Keys are generated, never user file names. */
export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key ${key}`);
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
    read: (key) => createReadStream(resolve(key)),
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
  };
}
