import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decompressed. */
  body: Buffer;
}

/** A GET that shows the answer as sent (fetch would decompress it without telling). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** A script big enough to be worth compressing, with its build-time variants beside it. */
const SCRIPT = `export const members = ${JSON.stringify(
  Array.from({ length: 300 }, (_, index) => ({ id: index, lastName: 'Novák', firstName: 'Jan' })),
)};`;

describe('serving the back-office app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Klubovna</title></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-Bx3f9K2q.js'), 'console.log(1)');
    const assets = path.join(dist, 'assets');
    fs.writeFileSync(path.join(assets, 'list-Ab1_cD-9.js'), SCRIPT);
    // Marked, so the test can tell the build's copy from one compressed per request.
    fs.writeFileSync(path.join(assets, 'list-Ab1_cD-9.js.br'), zlib.brotliCompressSync(`${SCRIPT}//br`));
    fs.writeFileSync(path.join(assets, 'list-Ab1_cD-9.js.gz'), zlib.gzipSync(`${SCRIPT}//gz`));
    fs.writeFileSync(path.join(assets, 'robots.txt'), 'User-agent: *');
    t = await startTestApp(
      'sqlite',
      { SENTRY_DSN: 'https://key@o1.ingest.example.io/5' },
      { webDistDir: dist },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every /admin deep link with index.html, never cached, with the Sentry DSN as a meta tag', async () => {
    for (const url of ['/admin', '/admin/login', '/admin/clenove/edit?id=5', '/admin/neexistuje/vubec']) {
      const response = await fetch(t.url + url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain('<title>Klubovna</title>');
      expect(html).toContain(
        '<meta name="klubovna-sentry-dsn" content="https://key@o1.ingest.example.io/5">',
      );
    }
  });

  it("names the routes of the declared entities' screens in the page, as their declarations give them", async () => {
    const html = await (await fetch(`${t.url}/admin`)).text();
    const content = /<meta name="klubovna-entity-screens" content="([^"]*)">/.exec(html)?.[1] ?? '';
    const routes: Array<{ name: string; path: string; title: string; entity: string }> = JSON.parse(
      content.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&'),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({
        name: 'member.list',
        path: '/admin/clenove',
        title: 'Členové',
        entity: 'member',
      }),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({
        name: 'article.edit',
        path: '/admin/obsah/clanek/edit',
        title: 'Úprava článku',
      }),
    );
    // An entity reached only through its API and other screens has none.
    expect(routes.some((route) => route.entity === 'attendance')).toBe(false);
  });

  it('serves hashed assets for a year and picks up a rebuilt index.html without a restart', async () => {
    const asset = await fetch(`${t.url}/admin/assets/app-Bx3f9K2q.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const later = Date.now() / 1000 + 5;
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Nová verze</title></head></html>');
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    expect(await (await fetch(`${t.url}/admin/login`)).text()).toContain('Nová verze');
  });

  it("names the code of the route's screen in index.html, so the browser fetches it while the entry runs (larger code after the entry)", async () => {
    const shell = 'src/app/shell/authenticated-layout.tsx';
    const list = 'src/engine/pages/entity-list-screen.tsx';
    const form = 'src/engine/pages/entity-form-screen.tsx';
    const auth = 'src/zones/auth/auth.zone.ts';
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        screens: { 'cms.login': { sources: [auth], shell: false, answers: [] } },
        generic: { list: [shell, list], form: [shell, form] },
        chunks: {
          [auth]: { js: ['assets/auth-Aa11Bb22.js'], css: ['assets/auth-Cc33Dd44.css'] },
          [shell]: { js: ['assets/shell-Ee55Ff66.js', 'assets/Button-Gg77Hh88.js'], css: [] },
          [list]: { js: ['assets/list-Ii99Jj00.js', 'assets/Button-Gg77Hh88.js'], css: [] },
          [form]: { js: ['assets/form-Kk11Ll22.js'], css: [] },
        },
        bytes: {
          'assets/auth-Aa11Bb22.js': 12_000,
          'assets/auth-Cc33Dd44.css': 2_000,
          'assets/shell-Ee55Ff66.js': 30_000,
          'assets/Button-Gg77Hh88.js': 10_000,
          'assets/list-Ii99Jj00.js': 20_000,
          'assets/form-Kk11Ll22.js': 20_000,
        },
      }),
    );
    // Read with the next index.html, as a build writes both.
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>S předstihem</title></head></html>');
    const later = Date.now() / 1000 + 10;
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(t.url + url, { headers });
      return {
        html: await response.text(),
        etag: response.headers.get('etag'),
        cacheControl: response.headers.get('cache-control'),
      };
    };
    const modules = (html: string) =>
      [
        ...html.matchAll(
          /rel="(?:modulepreload|preload" as="script)"(?: fetchpriority="low")? crossorigin href="([^"]+)"/g,
        ),
      ].map((m) => m[1]);

    const login = await page('/admin/login');
    expect(modules(login.html)).toEqual(['/admin/assets/auth-Aa11Bb22.js']);
    expect(login.html).toContain(
      '<link rel="preload" as="style" crossorigin href="/admin/assets/auth-Cc33Dd44.css">',
    );
    const members = await page('/admin/clenove?page=3');
    expect(modules(members.html)).toEqual([
      '/admin/assets/shell-Ee55Ff66.js',
      '/admin/assets/Button-Gg77Hh88.js',
      '/admin/assets/list-Ii99Jj00.js',
    ]);
    expect(members.html).toContain(
      '<link rel="preload" as="script" fetchpriority="low" crossorigin href="/admin/assets/list-Ii99Jj00.js">',
    );
    expect(login.html).not.toContain('fetchpriority');
    expect(members.etag).not.toBe(login.etag);
    // The screen's first answers are named for a visitor with a session cookie only.
    const answers = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(answers(members.html)).toEqual([]);
    const signedIn = await page('/admin/clenove', { cookie: 'klubovna_session=whatever' });
    expect(answers(signedIn.html)).toEqual([
      '/api/cms/user',
      '/api/cms/datagrid/schema/member',
      '/api/cms/user-config',
    ]);
    // A generic form: the engine's form chunk after the shell, its schema first.
    const category = await page('/admin/kategorie/create', { cookie: 'klubovna_session=whatever' });
    expect(modules(category.html)).toContain('/admin/assets/form-Kk11Ll22.js');
    expect(answers(category.html)).toEqual(['/api/cms/user', '/api/cms/form/category/schema']);
    expect(modules(signedIn.html)).toEqual(modules(members.html));
    expect(signedIn.etag).not.toBe(members.etag);
    expect(signedIn.cacheControl).toBe('private, no-cache');
    expect(members.cacheControl).toBe('no-cache');
    expect(answers((await page('/admin/login', { cookie: 'klubovna_session=x' })).html)).toEqual([]);
    // No route, or a route without a screen here: the page as built.
    for (const url of ['/admin/neexistuje/vubec', '/admin']) {
      const other = await page(url);
      expect(modules(other.html), url).toEqual([]);
      expect(other.html).toContain('<title>S předstihem</title>');
    }
  });

  it("names a generic list's first page of rows for its signed-in visitor, from the visitor's settings and the address", async () => {
    const list = 'src/engine/pages/entity-list-screen.tsx';
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        screens: { 'member.edit': { sources: [list], shell: true, answers: [], form: true } },
        generic: { list: [list], form: [list] },
        chunks: { [list]: { js: ['assets/list-Ii99Jj00.js'], css: [] } },
        bytes: { 'assets/list-Ii99Jj00.js': 40_000 },
      }),
    );
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Řádky</title></head></html>');
    const later = Date.now() / 1000 + 20;
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    const rows = async (client: { request: typeof root.request }, url: string) => {
      const html = (await client.request('GET', url)).text;
      return [...html.matchAll(/href="(\/api\/cms\/datagrid\/member[^"]*)"/g)].map((m) =>
        m[1]!.replaceAll('&amp;', '&'),
      );
    };
    const root = await t.signedInAsRoot();
    expect(await rows(root, '/admin/clenove')).toEqual([
      '/api/cms/datagrid/member?page=1&limit=25&sort=lastName&direction=asc',
    ]);
    const stored = {
      pageSize: 50,
      sort: { column: 'firstName', direction: 'desc' },
      columns: [],
      filters: {},
    };
    const saved = await root.request(
      'POST',
      '/api/cms/user-config',
      { name: 'datagrid.member', data: stored },
      {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      },
    );
    expect(saved.status).toBe(200);
    expect(await rows(root, '/admin/clenove?page=2&s=nov%C3%A1k')).toEqual([
      '/api/cms/datagrid/member?page=2&limit=50&sort=firstName&direction=desc&s=nov%C3%A1k',
    ]);
    // An edit form's record, from the address's id.
    const records = async (url: string) => {
      const html = (await root.request('GET', url)).text;
      return [...html.matchAll(/as="fetch" crossorigin href="(\/api\/cms\/form\/[^"]*)"/g)].map((m) => m[1]);
    };
    expect(await records('/admin/clenove/edit?id=42')).toEqual([
      '/api/cms/form/member/schema',
      '/api/cms/form/member/42',
    ]);
    expect(await records('/admin/clenove/edit?id=x')).toEqual(['/api/cms/form/member/schema']);
    // Nobody's rows for a cookie that is no session, nor without one.
    const stranger = t.client();
    stranger.cookies.set('klubovna_session', 'no-such-session');
    expect(await rows(stranger, '/admin/clenove')).toEqual([]);
    expect(await rows(t.client(), '/admin/clenove')).toEqual([]);
  });

  it('sends hashed assets as the build compressed them, as the browser asks, cached for a year', async () => {
    const url = `${t.url}/admin/assets/list-Ab1_cD-9.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(`${SCRIPT}//br`);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
    // A script is no document: only the headers that mean something for it.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['last-modified']).toBeUndefined();

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(`${SCRIPT}//gz`);

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('has index.html and unhashed files revalidated: no-cache with an ETag, 304 when unchanged', async () => {
    const page = await rawGet(`${t.url}/admin/login`);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const etag = page.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    // Each route's page has its own validator (its preloads differ): the same page again is unchanged.
    const again = await rawGet(`${t.url}/admin/login?next=%2Fadmin`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await rawGet(`${t.url}/admin`, { 'if-none-match': '"jina-verze"' })).status).toBe(200);

    const robots = await rawGet(`${t.url}/admin/assets/robots.txt`);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.headers.etag).toBeTruthy();
    const unchanged = await rawGet(`${t.url}/admin/assets/robots.txt`, {
      'if-none-match': robots.headers.etag!,
    });
    expect(unchanged.status).toBe(304);
  });

  it('sends the page compressed as the browser asks, with the links of its screen before the routes of the entity screens', async () => {
    const cookie = 'klubovna_session=whatever';
    const plain = await rawGet(`${t.url}/admin/clenove`, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const html = plain.body.toString();
    // The routes of every entity screen make the page larger than the compression's threshold.
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const routes = html.indexOf('<meta name="klubovna-entity-screens"');
    expect(routes).toBeGreaterThan(0);
    for (const link of [
      '<link rel="preload" as="fetch" crossorigin href="/api/cms/datagrid/schema/member">',
      '<link rel="preload" as="script" fetchpriority="low" crossorigin href="/admin/assets/list-Ii99Jj00.js">',
    ]) {
      expect(html.indexOf(link), link).toBeGreaterThan(0);
      expect(html.indexOf(link), link).toBeLessThan(routes);
    }

    const br = await rawGet(`${t.url}/admin/clenove`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    const gz = await rawGet(`${t.url}/admin/clenove`, { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);
    // Each encoding has its own validator, and a browser that has the page gets a 304.
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const again = await rawGet(`${t.url}/admin/clenove`, {
      cookie,
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses API answers larger than a few KB as the client asks, and leaves small ones alone', async () => {
    const admin = await t.signedInAsRoot();
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    // A page of a list as large as a user's saved settings can make it: 200 rows of a member list.
    const rows = Array.from({ length: 200 }, (_, id) => ({ id, lastName: 'Dvořák', firstName: 'Tereza' }));
    expect((await admin.request('POST', '/api/cms/user-config', { name: 'seznam', data: rows })).status).toBe(
      200,
    );
    const big = `${t.url}/api/cms/user-config`;
    const plain = await rawGet(big, headers);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await rawGet(big, { ...headers, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gz = await rawGet(big, { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const small = await rawGet(`${t.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves the club address to the public site and unknown pages to its Czech 404', async () => {
    const root = await fetch(`${t.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<html lang="cs">');
    const missing = await fetch(`${t.url}/neco-jineho`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Stránka nenalezena');
  });
});
