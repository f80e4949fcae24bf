import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';

describe('serving the back-office app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Klubovna</title></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
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

  it('serves hashed assets for a year and picks up a rebuilt index.html without a restart', async () => {
    const asset = await fetch(`${t.url}/admin/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const later = Date.now() / 1000 + 5;
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Nová verze</title></head></html>');
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    expect(await (await fetch(`${t.url}/admin/login`)).text()).toContain('Nová verze');
  });

  it('sends the club address to the back office and unknown pages to a Czech 404', async () => {
    const root = await fetch(`${t.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/admin');
    const missing = await fetch(`${t.url}/neco-jineho`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Stránka nenalezena');
  });
});
