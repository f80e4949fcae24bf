import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadedFile } from '@klubovna/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors/app-error.ts';
import { isDiskFull } from '../../errors/disk-full.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { allowedType, displayName, nameForType } from './file-types.ts';
import { type FileRow, insertFile } from './files.repository.ts';

/** Width the thumbnail of an uploaded image is made at. */
export const THUMBNAIL_WIDTH = 320;
/** What every thumbnail is made as, whatever its original. */
export const THUMBNAIL_TYPE = 'image/webp';
const OUTPUT_FORMATS: Record<string, 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
};

export interface UploadDeps {
  db: Db;
  storage: FileStorage;
  tmpDir: string;
  maxBytes: number;
}

export interface IncomingFile {
  filename: string;
  stream: Readable;
}

export function toUploadedFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    url: `/files/${row.storage_key}`,
    name: row.original_name,
    mimeType: row.mime_type,
    size: row.size,
    width: row.width,
    height: row.height,
    thumbnailUrl: row.thumbnail_key ? `/files/${row.thumbnail_key}` : null,
  };
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    413,
    `Soubor je příliš velký (nejvýše ${Math.round(maxBytes / 1024 / 1024)} MB).`,
  );

/** Streams the part to a temporary file, counting and hashing; never holds it whole in memory. */
async function spool(
  deps: UploadDeps,
  file: IncomingFile,
  tmpPath: string,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > deps.maxBytes) return callback(tooLarge(deps.maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(file.stream, meter, createWriteStream(tmpPath));
  if ((file.stream as Readable & { truncated?: boolean }).truncated) throw tooLarge(deps.maxBytes);
  return { size, sha256: hash.digest('hex') };
}

function storageKey(namespace: string, extension: string): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${namespace}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('base64url')}.${extension}`;
}

/** Re-encodes the image (which drops EXIF and other metadata), honouring its orientation first. */
async function processImage(tmpPath: string, extension: string) {
  const sharp = (await import('sharp')).default;
  const cleanPath = `${tmpPath}.clean`;
  const thumbPath = `${tmpPath}.thumb`;
  const animated = extension === 'gif' || extension === 'webp';
  const image = sharp(tmpPath, { animated, limitInputPixels: 100_000_000 }).rotate();
  const info = await image
    .clone()
    .toFormat(OUTPUT_FORMATS[extension] ?? 'png')
    .toFile(cleanPath);
  await sharp(cleanPath)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(thumbPath);
  const height = animated ? (info.pageHeight ?? info.height) : info.height;
  return { cleanPath, thumbPath, width: info.width, height, size: info.size };
}

export async function storeUpload(deps: UploadDeps, file: IncomingFile, namespace: string, userId: number) {
  await fs.mkdir(deps.tmpDir, { recursive: true });
  const tmpPath = path.join(deps.tmpDir, randomBytes(16).toString('hex'));
  const created: string[] = [];
  try {
    const { size, sha256 } = await spool(deps, file, tmpPath);
    const { fileTypeFromFile } = await import('file-type');
    const type = allowedType(await fileTypeFromFile(tmpPath), file.filename);
    if (!type) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        415,
        'Tento typ souboru nelze nahrát. Povolené jsou obrázky (JPEG, PNG, WebP, GIF, AVIF), PDF a kancelářské dokumenty.',
      );
    }
    const key = storageKey(namespace, type.extension);
    let stored = {
      size,
      width: null as number | null,
      height: null as number | null,
      thumbnailKey: null as string | null,
    };
    if (type.image) {
      const image = await processImage(tmpPath, type.extension).catch((error: unknown) => {
        if (isDiskFull(error)) throw error;
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          415,
          'Obrázek se nepodařilo přečíst; je možná poškozený.',
        );
      });
      const thumbnailKey = storageKey(namespace, 'webp');
      await deps.storage.putFile(key, image.cleanPath, type.mime);
      created.push(key);
      await deps.storage.putFile(thumbnailKey, image.thumbPath, THUMBNAIL_TYPE);
      created.push(thumbnailKey);
      stored = { size: image.size, width: image.width, height: image.height, thumbnailKey };
    } else {
      await deps.storage.putFile(key, tmpPath, type.mime);
      created.push(key);
    }
    const row = await insertFile(deps.db, {
      namespace,
      storage_key: key,
      thumbnail_key: stored.thumbnailKey,
      original_name: nameForType(displayName(file.filename), type.extension),
      mime_type: type.mime,
      size: stored.size,
      width: stored.width,
      height: stored.height,
      sha256,
      uploaded_by: userId,
      created_at: new Date().toISOString(),
    });
    return { file: toUploadedFile(row), keys: created };
  } catch (error) {
    await Promise.all(created.map((key) => deps.storage.delete(key)));
    throw error;
  } finally {
    await Promise.all(
      [tmpPath, `${tmpPath}.clean`, `${tmpPath}.thumb`].map((file) => fs.rm(file, { force: true })),
    );
  }
}
