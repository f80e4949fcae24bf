import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { s3Storage } from './s3-storage.ts';

/**
 * A proxy in front of the S3 server that cuts the connection of the PUT requests `cut` picks, as a
 * server closing a kept-alive connection at the moment a request goes out does.
 */
async function cuttingProxy(target: string, cut: (putNumber: number) => boolean) {
  let puts = 0;
  const server = http.createServer((request, response) => {
    if (request.method === 'PUT') {
      puts += 1;
      if (cut(puts)) {
        request.socket.destroy();
        return;
      }
    }
    const forwarded = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    puts: () => puts,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the S3 storage’s uploads', () => {
  let s3: TestS3Server;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-s3-put-'));
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const storageThrough = (endpoint: string) =>
    s3Storage({
      bucket: s3.bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: undefined,
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID!, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY! },
    });

  const fileOf = (bytes: Buffer) => {
    const file = path.join(dir, randomBytes(6).toString('hex'));
    fs.writeFileSync(file, bytes);
    return file;
  };

  it('sends a streamed file again on a new connection when the first one is cut', async () => {
    const proxy = await cuttingProxy(s3.endpoint, (putNumber) => putNumber === 1);
    const storage = storageThrough(proxy.url);
    const bytes = randomBytes(200_000);
    try {
      await storage.putFile(
        'members/2026/11/retried-upload-1.bin',
        fileOf(bytes),
        'application/octet-stream',
      );
      expect(proxy.puts()).toBe(2);
      const stored = await storage.read('members/2026/11/retried-upload-1.bin');
      expect((await buffer(stored!)).equals(bytes)).toBe(true);
    } finally {
      await storage.close();
      await proxy.close();
    }
  });

  it('answers 503 in Czech after three cut attempts, keeping the file to send', async () => {
    const proxy = await cuttingProxy(s3.endpoint, () => true);
    const storage = storageThrough(proxy.url);
    const file = fileOf(randomBytes(1000));
    try {
      await expect(
        storage.putFile('members/2026/11/refused-upload-1.bin', file, 'application/octet-stream'),
      ).rejects.toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
        status: 503,
        message: 'Úložiště souborů teď neodpovídá; zkuste to prosím za chvíli znovu.',
      });
      expect(proxy.puts()).toBe(3);
      expect(fs.existsSync(file)).toBe(true);
      expect(await storage.exists('members/2026/11/refused-upload-1.bin')).toBe(false);
    } finally {
      await storage.close();
      await proxy.close();
    }
  });
});
