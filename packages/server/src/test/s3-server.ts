/// <reference path="./s3rver.d.ts" />
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import bucketController from 's3rver/lib/controllers/bucket.js';

/** A real S3-compatible server (s3rver) for tests, in this process, on a free port of 127.0.0.1. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The environment that points the app (or a server process) at the bucket. */
  env: Record<string, string>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** s3rver's default keys: it checks every request's signature against them. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * S3 answers HEAD of a bucket (HeadBucket, what the readiness probe asks) from the bucket's existence
 * and the caller's access alone. s3rver serves HEAD through its GET route, which lists up to 1,000
 * objects and reads each one's metadata file: with thousands of uploads in the cluster test, HAProxy's
 * probes (three a second) took about a fifth of the test process's processor time. Its listing answers
 * HEAD as S3 does, after s3rver has checked the key and found the bucket.
 */
let headBucketAnsweredAsS3 = false;
function answerHeadBucketAsS3Does(): void {
  if (headBucketAnsweredAsS3) return;
  headBucketAnsweredAsS3 = true;
  const listBucket = bucketController.getBucket;
  bucketController.getBucket = async (ctx) => {
    if (ctx.method !== 'HEAD') return listBucket(ctx);
    ctx.status = 200;
  };
}

/**
 * Starts s3rver with an empty bucket of its own in a temporary folder. Several app instances (or
 * processes) given the same `env` share the bucket, as a cluster would.
 */
export async function startS3Server(): Promise<TestS3Server> {
  answerHeadBucketAsS3Does();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-s3-'));
  const bucket = `klubovna-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      ...CREDENTIALS,
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped = server.close();
      // Clients' keep-alive connections must not hold the close.
      (server as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await stopped;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
