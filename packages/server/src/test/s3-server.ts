/// <reference path="./s3rver.d.ts" />
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import S3rver from 's3rver';

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
 * Starts s3rver with an empty bucket of its own in a temporary folder. Several app instances (or
 * processes) given the same `env` share the bucket, as a cluster would.
 */
export async function startS3Server(): Promise<TestS3Server> {
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
    env: bucketEnv(endpoint, bucket),
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

function bucketEnv(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    ...CREDENTIALS,
  };
}

/**
 * s3rver in a Node process of its own, as storage is a service of its own in a deployment: under a
 * load test its work (it walks and reads its folder synchronously) then neither holds up the test's
 * clients nor is held up by them.
 */
export async function startS3ServerProcess(): Promise<TestS3Server> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 's3-server-process.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() =>
      reject(new Error(`s3rver's process exited (${child.exitCode ?? child.signalCode})`)),
    );
  });
  const { endpoint, bucket } = JSON.parse(line) as { endpoint: string; bucket: string };
  return {
    endpoint,
    bucket,
    env: bucketEnv(endpoint, bucket),
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
