import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

describe.each(testEngines())('liveness and readiness on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers anyone: live while the process runs, ready with the database and storage up', async () => {
    const client = t.client();
    expect((await client.get(API_PATHS.healthLive)).body).toEqual({ data: { status: 'ok' } });
    const ready = await client.get(API_PATHS.healthReady);
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body).toEqual({ data: { status: 'ready' } });
    expect((await client.get(API_PATHS.health)).body.data.status).toBe('ok');
  });

  it('is not ready, naming why in Czech, while files cannot be stored', async () => {
    const files = path.join(t.config.dataDir, 'files');
    fs.rmSync(files, { recursive: true, force: true });
    fs.writeFileSync(files, 'not a folder');
    try {
      const ready = await t.client().get(API_PATHS.healthReady);
      expect(ready.status).toBe(503);
      expect(ready.body.error).toEqual({
        code: 'NOT_READY',
        status: 503,
        message: 'Server není připraven: do úložiště souborů nelze zapisovat.',
      });
      expect((await t.client().get(API_PATHS.healthLive)).status).toBe(200);
    } finally {
      fs.rmSync(files, { force: true });
    }
    expect((await t.client().get(API_PATHS.healthReady)).status).toBe(200);
  });

  it('is not ready once shutting down, and asks clients to close their connections', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const ready = await t.client().get(API_PATHS.healthReady);
      expect(ready.status).toBe(503);
      expect(ready.body.error.message).toBe('Server není připraven: server se vypíná.');
      expect(ready.headers.get('connection')).toBe('close');
      const live = await t.client().get(API_PATHS.healthLive);
      expect(live.status).toBe(200);
      expect(live.headers.get('connection')).toBe('close');
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });

  it('declares both in the API documentation as public', () => {
    const routes = t.app.apiRoutes.filter((route) => route.url.startsWith('/api/health'));
    expect(routes.map((route) => [route.method, route.url, route.access]).sort()).toEqual([
      ['GET', API_PATHS.health, 'public'],
      ['GET', API_PATHS.healthLive, 'public'],
      ['GET', API_PATHS.healthReady, 'public'],
    ]);
  });
});

describe.each(testEngines())('readiness with files in an S3 bucket on %s', (engine) => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(engine, s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('is ready while the bucket answers, and not once the S3 server is down', async () => {
    const ready = await t.client().get(API_PATHS.healthReady);
    expect(ready.status, ready.text).toBe(200);
    await s3.close();
    const down = await t.client().get(API_PATHS.healthReady);
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe('Server není připraven: do úložiště souborů nelze zapisovat.');
    expect((await t.client().get(API_PATHS.healthLive)).status).toBe(200);
  });

  it.each([
    ['the bucket does not exist', { S3_BUCKET: 'zadny-takovy-bucket' }],
    ['the key is unknown', { AWS_ACCESS_KEY_ID: 'NEZNAMY' }],
  ])('is not ready when %s', async (_, change) => {
    const other = await startS3Server();
    const refused = await startTestApp(engine, { ...other.env, ...change });
    try {
      expect((await refused.client().get(API_PATHS.healthReady)).status).toBe(503);
    } finally {
      await refused.close();
      await other.close();
    }
  });
});
