import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
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

/** Whether the SDK's error says there is no such object (404 on HEAD has no error code). */
function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** An S3 bucket (AWS or any S3-compatible server). Files are streamed, never held whole in memory. */
export function s3Storage(config: S3Config): S3FileStorage {
  const client = s3Client(config);
  const { bucket } = config;
  const upload = async (key: string, sourcePath: string, contentType: string) => {
    assertSafeStorageKey(key);
    const { size } = await fs.stat(sourcePath);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  };
  const head = async (key: string) => {
    assertSafeStorageKey(key);
    return client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
  };
  return {
    async putFile(key, sourcePath, contentType) {
      await upload(key, sourcePath, contentType);
      await fs.rm(sourcePath, { force: true });
    },
    copyIn: upload,
    async read(key) {
      assertSafeStorageKey(key);
      const answer = await client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        .catch((error: unknown) => {
          if (isNotFound(error)) return undefined;
          throw error;
        });
      return answer?.Body as Readable | undefined;
    },
    exists: async (key) => (await head(key)) !== undefined,
    sizeOf: async (key) => (await head(key))?.ContentLength,
    async delete(key) {
      assertSafeStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async checkWritable() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    publicUrl: (key) => (config.publicUrl ? `${config.publicUrl}/${key}` : undefined),
    close: async () => client.destroy(),
  };
}
