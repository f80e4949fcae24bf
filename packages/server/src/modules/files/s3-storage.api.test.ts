import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadedFile } from '@klubovna/shared';
import { PROFILE_ROLE } from '@klubovna/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { startSecondInstance } from '../../test/second-instance.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { download, pdfDocument, pngImage, uploadFile } from '../../test/uploads.ts';

// With S3_BUCKET set, uploads, their re-encoded images and thumbnails live in the bucket (a real
// S3-compatible server, s3rver), and reach people through the app's access check as on the disk.

const keyOf = (url: string) => url.replace(/^\/files\//, '');

/** The object as the bucket holds it, fetched from the S3 server itself (s3rver lets anyone read). */
const inBucket = async (s3: TestS3Server, url: string) => {
  const response = await fetch(`${s3.endpoint}/${s3.bucket}/${keyOf(url)}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

describe.each(testEngines())('uploads in an S3 bucket on %s', (engine) => {
  let s3: TestS3Server;
  let t: TestApp;
  let root: HttpClient;
  let anonymous: HttpClient;
  let stranger: HttpClient;
  let memberPhoto: UploadedFile;
  let articleImage: UploadedFile;
  let document: UploadedFile;
  const pdf = pdfDocument(3 * 1024 * 1024);

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.text}`);
    return answer.body.data;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(engine, s3.env);
    root = await t.signedInAsRoot();
    anonymous = t.client();
    stranger = (await signedInClient(t, { roles: [PROFILE_ROLE] })).client;
    const image = (color: string) => pngImage(800, 600, color);
    memberPhoto = await uploadFile(root, 'members', {
      name: 'fotka.png',
      type: 'image/png',
      bytes: await image('#aa3333'),
    });
    articleImage = await uploadFile(root, 'articles', {
      name: 'clanek.png',
      type: 'image/png',
      bytes: await image('#33aa33'),
    });
    document = await uploadFile(root, 'members', {
      name: 'Přihláška.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    await created('member', { firstName: 'Hana', lastName: 'Králová', photo: memberPhoto.id });
    await created('article', {
      title: 'Vítězství žáků',
      perex: 'Žáci vyhráli.',
      mainImage: articleImage.id,
      visibility: 'PUBLIC',
      publishedAt: '2026-11-01T10:00:00.000Z',
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps originals and thumbnails in the bucket, none on the disk, and serves them from there', async () => {
    expect(fs.existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);
    for (const file of [memberPhoto, articleImage]) {
      const original = await inBucket(s3, file.url);
      expect(original.status).toBe(200);
      expect(original.type).toBe('image/png');
      const thumbnail = await inBucket(s3, file.thumbnailUrl!);
      expect(thumbnail.type).toBe('image/webp');
      expect((await sharp(thumbnail.bytes).metadata()).width).toBe(320);
      const served = await download(root, file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.bytes.equals(original.bytes)).toBe(true);
      const servedThumbnail = await download(root, file.thumbnailUrl!);
      expect(servedThumbnail.headers.get('content-type')).toBe('image/webp');
      expect(servedThumbnail.bytes.equals(thumbnail.bytes)).toBe(true);
    }
  });

  it('streams a download of 3 MB through the app, byte for byte, under its name', async () => {
    expect((await inBucket(s3, document.url)).bytes.length).toBe(pdf.length);
    const served = await download(root, document.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Přihláška.pdf')}`,
    );
    expect(served.bytes.equals(pdf)).toBe(true);
  });

  it('passes a private file through the access check: 401 without a session, 404 to another member', async () => {
    expect((await anonymous.get(`/api/cms/files/${memberPhoto.id}`)).status).toBe(401);
    expect((await stranger.get(`/api/cms/files/${memberPhoto.id}`)).status).toBe(404);
    for (const url of [memberPhoto.url, memberPhoto.thumbnailUrl!, document.url]) {
      expect((await download(anonymous, url)).status, url).toBe(404);
      expect((await download(stranger, url)).status, url).toBe(404);
    }
    const own = await download(root, memberPhoto.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('serves a public image to anyone, for shared caches to keep', async () => {
    const served = await download(anonymous, articleImage.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.bytes.equals((await inBucket(s3, articleImage.url)).bytes)).toBe(true);
  });

  it('serves every upload through another instance that has a disk of its own', async () => {
    const ownDisk = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-other-'));
    const second = await startSecondInstance(t, { dataDir: ownDisk });
    const cookie = [...root.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    try {
      for (const url of [articleImage.url, articleImage.thumbnailUrl!, memberPhoto.url, document.url]) {
        const answer = await second.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.rawPayload.equals((await inBucket(s3, url)).bytes), url).toBe(true);
      }
      expect((await second.app.inject({ method: 'GET', url: memberPhoto.url })).statusCode).toBe(404);
    } finally {
      await second.close();
      fs.rmSync(ownDisk, { recursive: true, force: true });
    }
  });

  it('deletes the original and its thumbnail from the bucket with an upload nothing points at', async () => {
    const orphan = await uploadFile(root, 'members', {
      name: 'nepouzita.png',
      type: 'image/png',
      bytes: await pngImage(400, 300, '#3333aa'),
    });
    await t.db
      .updateTable('files')
      .set({ created_at: sql<string>`${new Date(Date.now() - 3 * 24 * 3600_000).toISOString()}` })
      .where('id', '=', orphan.id)
      .execute();
    expect((await inBucket(s3, orphan.url)).status).toBe(200);
    expect((await t.app.housekeeping.runPass())?.files).toBe(1);
    expect((await inBucket(s3, orphan.url)).status).toBe(404);
    expect((await inBucket(s3, orphan.thumbnailUrl!)).status).toBe(404);
    expect((await download(root, orphan.url)).status).toBe(404);
    expect((await inBucket(s3, memberPhoto.url)).status).toBe(200);
  });

  it('answers 404, not 500, for a file whose object has gone from the bucket', async () => {
    const lost = await uploadFile(root, 'members', {
      name: 'ztracena.pdf',
      type: 'application/pdf',
      bytes: pdfDocument(2000),
    });
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${keyOf(lost.url)}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await download(root, lost.url)).status).toBe(404);
  });
});

describe('public images from S3_PUBLIC_URL', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let root: HttpClient;
  let publicImage: UploadedFile;
  let privateImage: UploadedFile;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp('sqlite', { ...s3.env, S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/` });
    root = await t.signedInAsRoot();
    publicImage = await uploadFile(root, 'articles', {
      name: 'a.png',
      type: 'image/png',
      bytes: await pngImage(64, 48, '#123456'),
    });
    privateImage = await uploadFile(root, 'members', {
      name: 'b.png',
      type: 'image/png',
      bytes: await pngImage(64, 48, '#654321'),
    });
    const article = await root.post('/api/cms/form/article', {
      title: 'Zpráva',
      perex: 'Krátce.',
      mainImage: publicImage.id,
      visibility: 'PUBLIC',
      publishedAt: '2026-11-01T10:00:00.000Z',
    });
    expect(article.status, article.text).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('sends anyone to the bucket for a public image, which answers it', async () => {
    for (const url of [publicImage.url, publicImage.thumbnailUrl!]) {
      const answer = await download(t.client(), url);
      expect(answer.status).toBe(302);
      const location = answer.headers.get('location')!;
      expect(location).toBe(`${s3.endpoint}/${s3.bucket}/${keyOf(url)}`);
      const fetched = await fetch(location);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe(url === publicImage.url ? 'image/png' : 'image/webp');
    }
  });

  it('keeps a private image behind the access check', async () => {
    expect((await download(t.client(), privateImage.url)).status).toBe(404);
    const own = await download(root, privateImage.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('location')).toBeNull();
  });
});

describe('uploads while the S3 server is down', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let root: HttpClient;
  let stored: UploadedFile;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp('sqlite', s3.env);
    root = await t.signedInAsRoot();
    stored = await uploadFile(root, 'members', {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: pdfDocument(300_000),
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('answers HEAD requests without holding the bucket’s connections', async () => {
    for (let round = 0; round < 60; round += 1) {
      const head = await fetch(new URL(stored.url, t.url), {
        method: 'HEAD',
        headers: { cookie: [...root.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      expect(head.status).toBe(200);
    }
    expect((await download(root, stored.url)).bytes.length).toBe(300_000);
  });

  it('refuses an upload and a read with 503 in Czech, keeping no row of the refused upload', async () => {
    await s3.close();
    const data = new FormData();
    data.append(
      'files[]',
      new Blob([new Uint8Array(pdfDocument(1000))], { type: 'application/pdf' }),
      'b.pdf',
    );
    const upload = await root.request('POST', '/api/cms/files/upload?namespace=members', undefined, {
      rawBody: data,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(upload.status).toBe(503);
    expect(upload.body.error).toEqual({
      code: 'STORAGE_UNAVAILABLE',
      status: 503,
      message: 'Úložiště souborů teď neodpovídá; zkuste to prosím za chvíli znovu.',
    });
    const rows = await t.db.selectFrom('files').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual([stored.id]);
    const read = await root.get(stored.url);
    expect(read.status).toBe(503);
    expect(read.body.error.code).toBe('STORAGE_UNAVAILABLE');
  });
});
