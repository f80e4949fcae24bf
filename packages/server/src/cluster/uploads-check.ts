import type { TestS3Server } from '../test/s3-server.ts';
import type { AcknowledgedUpload, Instance } from './load.ts';

/** Reads at once while checking: enough to be quick, few enough not to be load. */
const PARALLEL_READS = 6;

async function bytesOf(url: string, cookie?: string) {
  const response = await fetch(url, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * What every instance must serve for `upload`: the bytes sent for a PDF (stored as it came), the
 * bucket's object for an image (re-encoded on upload, so the bucket is the reference).
 */
async function expectedBytes(s3: TestS3Server, upload: AcknowledgedUpload): Promise<Buffer | string> {
  const key = upload.url.replace(/^\/files\//, '');
  const object = await bytesOf(`${s3.endpoint}/${s3.bucket}/${key}`);
  if (object.status !== 200) return `not in the bucket (${object.status})`;
  if (upload.type === 'application/pdf' && !object.bytes.equals(upload.bytes))
    return 'the bucket holds other bytes than were sent';
  return object.bytes;
}

async function problemsOf(
  upload: AcknowledgedUpload,
  instances: Instance[],
  cookie: string,
  s3: TestS3Server,
): Promise<string[]> {
  const expected = await expectedBytes(s3, upload);
  if (typeof expected === 'string') return [`${upload.url} ${expected}`];
  const problems: string[] = [];
  for (const instance of instances) {
    const served = await bytesOf(instance.url + upload.url, cookie);
    if (served.status !== 200) problems.push(`${upload.url} on ${instance.name}: ${served.status}`);
    else if (!served.bytes.equals(expected)) problems.push(`${upload.url} on ${instance.name}: other bytes`);
  }
  return problems;
}

/**
 * Every acknowledged upload read from each of `instances` directly (not through the proxy) and
 * compared byte for byte; what is wrong, one line each.
 */
export async function unreadableUploads(
  uploads: AcknowledgedUpload[],
  instances: Instance[],
  cookie: string,
  s3: TestS3Server,
): Promise<string[]> {
  const problems: string[] = [];
  for (let start = 0; start < uploads.length; start += PARALLEL_READS) {
    const batch = uploads.slice(start, start + PARALLEL_READS);
    const found = await Promise.all(batch.map((upload) => problemsOf(upload, instances, cookie, s3)));
    problems.push(...found.flat());
  }
  return problems;
}
