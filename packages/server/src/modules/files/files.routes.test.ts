import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);

function form(files: Array<[string, Buffer, string?]>): FormData {
  const data = new FormData();
  for (const [name, bytes, type] of files)
    data.append(
      'files[]',
      new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }),
      name,
    );
  return data;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe.each(testEngines())('uploads and files on %s', (engine) => {
  let t: TestApp;
  let small: TestApp;
  let root: HttpClient;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await startTestApp(engine);
    small = await startTestApp(engine, { UPLOAD_MAX_MB: '1' });
    root = await t.signedInAsRoot();
    jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1c7ed6' } })
      .withExif({ IFD0: { Copyright: 'Tajný fotograf', Artist: 'GPS here' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await small.close();
  });

  /** The file as the one who uploaded it (root) reads it. */
  const asUploader = (url: string) =>
    fetch(t.url + url, {
      headers: { cookie: [...root.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });

  const upload = (client: HttpClient, data: FormData, namespace = 'members') =>
    client.request('POST', `/api/cms/files/upload?namespace=${namespace}`, undefined, {
      rawBody: data,
      headers: XHR,
    });

  it('stores an image with its size, without EXIF, with a thumbnail, and serves it inline', async () => {
    const response = await upload(root, form([['../../foto člena.jpg', jpeg, 'image/jpeg']]));
    expect(response.status, response.text).toBe(200);
    const [file] = response.body.data;
    expect(file).toMatchObject({ name: 'foto člena.jpg', mimeType: 'image/jpeg', width: 800, height: 600 });
    expect(file.url).toMatch(/^\/files\/members\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.jpg$/);
    const served = await asUploader(file.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBeNull();
    // No record points at it yet: only its uploader reads it, and no shared cache keeps it.
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    expect((await fetch(t.url + file.url)).status).toBe(404);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await asUploader(file.thumbnailUrl);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(320);
    expect((await root.get(`/api/cms/files/${file.id}`)).body.data).toEqual(file);
  });

  it('serves documents as attachments and accepts several files at once', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const response = await upload(
      root,
      form([
        ['zápis.pdf', PDF],
        ['logo.png', png],
      ]),
      'default',
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.map((f: { mimeType: string }) => f.mimeType)).toEqual([
      'application/pdf',
      'image/png',
    ]);
    const served = await asUploader(response.body.data[0].url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(
      /^attachment; .*filename\*=UTF-8''z%C3%A1pis\.pdf/,
    );
  });

  it('decides the type by content: SVG, executables and disguised text are refused, none stored', async () => {
    for (const [name, bytes] of [
      ['logo.svg', SVG],
      ['program.jpg', ELF],
      ['obrazek.jpg', Buffer.from('jen text')],
    ] as const) {
      const response = await upload(root, form([[name, bytes]]));
      expect(response.status, name).toBe(415);
      expect(response.body.error.message).toMatch(/typ souboru/);
    }
    const mixed = await upload(
      root,
      form([
        ['ok.pdf', PDF],
        ['zlo.svg', SVG],
      ]),
    );
    expect(mixed.status).toBe(415);
    const count = await t.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it('names a download by what its content is, whatever the uploaded name said', async () => {
    const response = await upload(
      root,
      form([
        ['zpráva.html', PDF, 'text/html'],
        ['bez přípony', PDF],
        ['fotka.JPEG', jpeg],
      ]),
      'default',
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.map((file: { name: string }) => file.name)).toEqual([
      'zpráva.pdf',
      'bez přípony.pdf',
      'fotka.JPEG',
    ]);
    const served = await asUploader(response.body.data[0].url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('zpráva.pdf')}`,
    );
    // A file stored before under its uploaded name is served by its type too.
    await t.db
      .updateTable('files')
      .set({ original_name: 'stará.html' })
      .where('id', '=', response.body.data[0].id)
      .execute();
    const older = await asUploader(response.body.data[0].url);
    expect(older.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('stará.pdf')}`,
    );
  });

  it('refuses bad namespaces', async () => {
    for (const namespace of ['..%2Fetc', 'ABC', 'a'.repeat(41), 'a%20b']) {
      const response = await upload(root, form([['a.pdf', PDF]]), namespace);
      expect(response.status, namespace).toBe(400);
    }
  });

  it('answers 413 past UPLOAD_MAX_MB and leaves no partial file', async () => {
    const client = await small.signedInAsRoot();
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const response = await upload(client, form([['velky.pdf', big]]));
    expect(response.status).toBe(413);
    expect(filesUnder(path.join(small.config.dataDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(small.config.dataDir, 'tmp'))).toEqual([]);
    // The unread rest of the body does not hold up the next requests of the client.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await client.get('/api/cms/user')).status).toBe(200);
  });

  it('never serves anything outside the storage', async () => {
    for (const attempt of [
      '/files/..%2F..%2Fetc%2Fpasswd',
      '/files/members/..%5C..%5Cklubovna.sqlite',
      '/files/klubovna.sqlite',
      '/files/%2Fetc%2Fpasswd',
    ]) {
      const response = await fetch(t.url + attempt);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toMatch(/root:|SQLite/);
    }
  });

  it('needs the XMLHttpRequest header for a multipart body riding on the session cookie', async () => {
    const response = await root.request('POST', '/api/cms/files/upload', undefined, {
      rawBody: form([['a.pdf', PDF]]),
    });
    expect(response.status).toBe(403);
  });
});
