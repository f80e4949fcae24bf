import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { AppError } from '../errors/app-error.ts';
import { assertSafeStorageKey, type FileStorage } from './storage.ts';

/** The bucket, with what the copy command needs beyond the app's FileStorage. */
export interface S3FileStorage extends FileStorage {
  /** Uploads a copy of a local file, leaving the file where it is. */
  copyIn(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The stored object's size in bytes, or undefined when the bucket has no such object. */
  sizeOf(key: string): Promise<number | undefined>;
}

/** Seconds to connect to the S3 server before a request counts as failed. */
const CONNECT_TIMEOUT_MS = 3_000;

function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // S3-compatible servers (MinIO's older releases, Ceph, s3rver) refuse the SDK's default CRC32
    // trailers: checksums only where the S3 API demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
  });
}

/**
 * Attempts of one upload. A kept-alive connection the S3 server has just closed, or its momentary
 * 5xx, fails a request that a second attempt on a new connection passes.
 */
const PUT_ATTEMPTS = 3;
const PUT_RETRY_DELAY_MS = 50;

/** A failure worth another attempt: the connection broke, or the server answered 5xx or 429. */
function isTransient(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 429;
  const code = (error as { code?: string }).code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNREFUSED' || code === 'ETIMEDOUT';
}

/** Whether the SDK's error says there is no such object (404 on HEAD has no error code). */
function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** A failure of the S3 server (down, keys refused) as the app answers it: 503, in Czech. */
function unavailable(error: unknown): AppError {
  const answer = new AppError(
    'STORAGE_UNAVAILABLE',
    503,
    'Úložiště souborů teď neodpovídá; zkuste to prosím za chvíli znovu.',
  );
  return Object.assign(answer, { cause: error });
}

/** Answers what `request` answers; undefined when there is no such object; a 503 for any other failure. */
async function unlessMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw unavailable(error);
  }
}

/** An S3 bucket (AWS or any S3-compatible server). Files are streamed, never held whole in memory. */
export function s3Storage(config: S3Config): S3FileStorage {
  const client = s3Client(config);
  const { bucket } = config;
  const upload = async (key: string, sourcePath: string, contentType: string) => {
    assertSafeStorageKey(key);
    const { size } = await fs.stat(sourcePath);
    for (let attempt = 1; ; attempt += 1) {
      try {
        // A fresh stream each time: the SDK cannot resend a body it has already read.
        const put = new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        });
        await client.send(put);
        return;
      } catch (error) {
        if (attempt >= PUT_ATTEMPTS || !isTransient(error)) throw unavailable(error);
        await delay(PUT_RETRY_DELAY_MS * attempt);
      }
    }
  };
  const head = async (key: string) => {
    assertSafeStorageKey(key);
    return unlessMissing(client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
  };
  return {
    async putFile(key, sourcePath, contentType) {
      await upload(key, sourcePath, contentType);
      await fs.rm(sourcePath, { force: true });
    },
    copyIn: upload,
    async read(key) {
      assertSafeStorageKey(key);
      const answer = await unlessMissing(client.send(new GetObjectCommand({ Bucket: bucket, Key: key })));
      return answer?.Body as Readable | undefined;
    },
    exists: async (key) => (await head(key)) !== undefined,
    sizeOf: async (key) => (await head(key))?.ContentLength,
    async delete(key) {
      assertSafeStorageKey(key);
      await unlessMissing(client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },
    async checkWritable() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    publicUrl: (key) => (config.publicUrl ? `${config.publicUrl}/${key}` : undefined),
    close: async () => client.destroy(),
  };
}
