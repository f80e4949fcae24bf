import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './http-client.ts';

const TEXT = 'Žluťoučký kůň úpěl ďábelské ódy. '.repeat(50);

describe('the load test HTTP client', () => {
  let server: http.Server;
  let base = '';
  const sockets = new Set<unknown>();
  const seen: http.IncomingHttpHeaders[] = [];
  const bodies: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      sockets.add(request.socket);
      seen.push(request.headers);
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        bodies.push(body);
        const encoding = request.url?.slice(1) ?? '';
        const compressed =
          encoding === 'gzip'
            ? zlib.gzipSync(TEXT)
            : encoding === 'br'
              ? zlib.brotliCompressSync(TEXT)
              : Buffer.from(TEXT);
        if (encoding === 'gzip' || encoding === 'br') response.setHeader('content-encoding', encoding);
        response.setHeader('set-cookie', ['session=abc; Path=/; HttpOnly']);
        response.end(compressed);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for compressed answers and reads gzip, brotli and plain ones as text', async () => {
    for (const encoding of ['gzip', 'br', 'plain']) {
      const answer = await send(`${base}/${encoding}`, { method: 'GET' });
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(TEXT);
      expect(answer.headers['set-cookie']).toEqual(['session=abc; Path=/; HttpOnly']);
    }
    expect(seen.at(-1)?.['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('sends JSON and multipart bodies with their types', async () => {
    await send(`${base}/plain`, { method: 'POST', body: { lastName: 'Nováková' } });
    expect(seen.at(-1)?.['content-type']).toBe('application/json');
    expect(JSON.parse(bodies.at(-1)!)).toEqual({ lastName: 'Nováková' });

    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'smlouva.pdf');
    await send(`${base}/plain`, { method: 'POST', body: form });
    expect(seen.at(-1)?.['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodies.at(-1)).toContain('filename="smlouva.pdf"');
  });

  it('keeps the connection for the next request', async () => {
    sockets.clear();
    for (let index = 0; index < 5; index++) await send(`${base}/plain`, { method: 'GET' });
    expect(sockets.size).toBe(1);
  });

  it('rejects when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(send(`http://127.0.0.1:${port}/`, { method: 'GET' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
