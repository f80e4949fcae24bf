import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { elementsNamed, readXml, textOf, xmllintErrors } from '../../test/xml-reader.ts';

const HOUR = 3_600_000;
const past = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe.each(testEngines())('the public website on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const article = async (body: Record<string, unknown>) => {
    const response = await root.post('/api/cms/content', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(engine, { PUBLIC_URL: 'https://klub.example' });
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('shows public articles, hides private, draft and future ones, and lists only PUBLIC in the sitemap', async () => {
    const visible = await article({
      title: 'Vítězství v krajském přeboru',
      perex: 'Perex přeboru.',
      publishedAt: past(2),
    });
    const hidden = await article({
      title: 'Mimo mapu',
      visibility: 'PUBLIC_WITHOUT_SITEMAP',
      publishedAt: past(3),
    });
    const secret = await article({ title: 'Interní zápis', visibility: 'PRIVATE', publishedAt: past(4) });
    const draft = await article({ title: 'Rozepsaný článek' });
    const future = await article({
      title: 'Pozvánka na ples',
      publishedAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    });

    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html lang="cs">');
    expect(home.text).toContain('Vítězství v krajském přeboru');
    expect(home.text).toContain('Mimo mapu');
    for (const title of ['Interní zápis', 'Rozepsaný článek', 'Pozvánka na ples'])
      expect(home.text).not.toContain(title);

    const shown = await page(`/clanky/${visible.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(
      '<link rel="canonical" href="https://klub.example/clanky/vitezstvi-v-krajskem-preboru">',
    );
    expect(shown.text).toContain('<meta property="og:type" content="article">');
    expect(shown.text).toContain('<meta property="og:title" content="Vítězství v krajském přeboru">');
    expect(shown.text).toContain('<meta name="twitter:card" content="summary">');
    expect(shown.text).toContain('<meta name="description" content="Perex přeboru.">');
    expect((await page(`/clanky/${hidden.slug}`)).status).toBe(200);
    // The longest title still makes an address the site answers (a path segment holds 100 characters).
    const long = await article({
      title: `Velmi dlouhý titulek ${'o závodech '.repeat(17)}`.slice(0, 200),
      publishedAt: past(2),
    });
    expect(long.slug.length).toBeLessThanOrEqual(100);
    expect((await page(`/clanky/${long.slug}`)).status).toBe(200);
    for (const slug of [
      secret.slug,
      draft.slug,
      future.slug,
      'neexistuje',
      'x'.repeat(100),
      '%C5%BElu%C5%A5ou%C4%8Dk%C3%BD',
    ]) {
      const missing = await page(`/clanky/${slug}`);
      expect(missing.status, slug).toBe(404);
      expect(missing.text).toContain('Stránka nenalezena');
      expect(missing.text).toContain('<meta name="robots" content="noindex">');
    }

    const map = await page('/sitemap.xml');
    expect(map.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(map.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(map.text).toContain('<loc>https://klub.example/clanky/vitezstvi-v-krajskem-preboru</loc>');
    for (const slug of [hidden.slug, secret.slug, draft.slug, future.slug])
      expect(map.text).not.toContain(`/clanky/${slug}<`);
    const schema = fs.readFileSync(path.join(import.meta.dirname, 'sitemap-0.9.xsd'), 'utf8');
    const validation = await validateXML({
      xml: [{ fileName: 'sitemap.xml', contents: map.text }],
      schema: [{ fileName: 'sitemap-0.9.xsd', contents: schema }],
    });
    expect(validation.errors.map((error) => error.rawMessage)).toEqual([]);
    expect(validation.valid).toBe(true);
    // The schema catches what the protocol forbids: a relative address, a date that is none.
    const broken = await validateXML({
      xml: [
        {
          fileName: 'broken.xml',
          contents: map.text
            .replace(/<loc>https:\/\/klub\.example/, '<loc>')
            .replace(/<lastmod>[^<]*/, '<lastmod>včera'),
        },
      ],
      schema: [{ fileName: 'sitemap-0.9.xsd', contents: schema }],
    });
    expect(broken.valid).toBe(false);
    // Every entry is a <url> with a <loc> and, for articles, a W3C date-time <lastmod>.
    const entries = map.text.match(/<url>.*?<\/url>/g) ?? [];
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries)
      expect(entry).toMatch(
        /^<url><loc>https:\/\/klub\.example\/[^<]*<\/loc>(<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>)?<\/url>$/,
      );

    const robots = await page('/robots.txt');
    expect(robots.text).toContain('Sitemap: https://klub.example/sitemap.xml');
    const feed = await page('/rss.xml');
    expect(feed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(feed.text).toContain('<rss version="2.0"');
    expect(feed.text).toContain('<link>https://klub.example/clanky/vitezstvi-v-krajskem-preboru</link>');
    expect(feed.text).not.toContain('Interní zápis');

    // Scheduled: once its time has come, it is out without anyone saving it again.
    const saved = await root.put(`/api/cms/content/${future.id}`, {
      publishedAt: past(1),
      version: future.version,
    });
    expect(saved.status).toBe(200);
    expect((await page(`/clanky/${future.slug}`)).status).toBe(200);
    // Switched to private: gone from the page and the sitemap.
    await root.put(`/api/cms/content/${visible.id}`, { visibility: 'PRIVATE', version: visible.version });
    expect((await page(`/clanky/${visible.slug}`)).status).toBe(404);
    expect((await page('/sitemap.xml')).text).not.toContain(visible.slug);
  });

  it('escapes what editors type and keeps only sanitised article HTML', async () => {
    const evil = await article({
      title: '<script>alert(1)</script> "Titulek"',
      perex: '<img src=x onerror=alert(1)>',
      content: '<p>Obsah<script>alert(2)</script></p><a href="javascript:alert(3)">odkaz</a>',
      publishedAt: past(1),
    });
    const shown = await page(`/clanky/${evil.slug}`);
    expect(shown.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Titulek&quot;');
    expect(shown.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(shown.text).not.toMatch(/<script|javascript:/);
    expect(shown.text).toContain(
      '<div class="content"><p>Obsah</p><a rel="noopener noreferrer nofollow">odkaz</a></div>',
    );
    expect(shown.headers.get('content-security-policy')).toContain("script-src 'none'");
  });

  it('keeps the feed and the sitemap well-formed whatever was stored, and gives readers the perex as text', async () => {
    // Pasted from Word: a line break (U+000B), a control character and a non-character. Dropped at the edge…
    const pasted = await article({
      title: 'Družstvo\u000BU12 vyhrálo\u0001 turnaj\uFFFF',
      perex: 'Družstvo <U12> vyhrálo & <b>tučně</b>',
      publishedAt: past(1),
    });
    expect(pasted.title).toBe('Družstvo U12 vyhrálo turnaj');
    // …and text stored before that, written past the API here, does not break the documents either.
    const stored = await article({ title: 'Starý článek', perex: 'Starý perex', publishedAt: past(1) });
    await sql`update articles set title = ${'Starý\u000B článek\u0001'}, perex = ${'Perex\uFFFF se\u0002 znakem'} where id = ${stored.id}`.execute(
      t.db,
    );
    await root.post('/api/cms/form/tag', { name: 'Štítek pro mapu\u000B webu' });

    const feedText = (await page('/rss.xml')).text;
    const mapText = (await page('/sitemap.xml')).text;
    expect(await xmllintErrors(feedText)).toEqual([]);
    expect(await xmllintErrors(mapText)).toEqual([]);
    expect(elementsNamed(readXml(mapText), 'loc').map(textOf)).toContain(
      'https://klub.example/tagy/stitek-pro-mapu-webu',
    );
    const items = elementsNamed(readXml(feedText), 'item').map((item) => ({
      title: elementsNamed(item, 'title').map(textOf).join(),
      description: elementsNamed(item, 'description').map(textOf).join(),
    }));
    // A description is HTML to a feed reader: the perex's own < and & arrive escaped, shown as typed.
    expect(items).toContainEqual({
      title: 'Družstvo U12 vyhrálo turnaj',
      description: 'Družstvo &lt;U12&gt; vyhrálo &amp; &lt;b&gt;tučně&lt;/b&gt;',
    });
    expect(items).toContainEqual({ title: 'Starý článek', description: 'Perex se znakem' });
  });

  it('lists categories and tags a page at a time, with a Czech count', async () => {
    const category = (await root.post('/api/cms/form/content-category', { name: 'Mládež' })).body.data;
    const tag = (await root.post('/api/cms/form/tag', { name: 'Žáci' })).body.data;
    for (let index = 1; index <= 12; index += 1)
      await article({
        title: `Zpráva mládeže ${index}`,
        categories: [category.id],
        tags: index <= 3 ? [tag.id] : [],
        publishedAt: past(100 - index),
      });
    const first = await page('/kategorie/mladez');
    expect(first.status).toBe(200);
    expect(first.text).toContain('12 článků');
    expect(first.text).toContain('Zpráva mládeže 12');
    expect(first.text).not.toContain('Zpráva mládeže 2<');
    expect(first.text).toContain('href="/kategorie/mladez?strana=2"');
    const second = await page('/kategorie/mladez?strana=2');
    expect(second.text).toContain('Zpráva mládeže 1<');
    expect(second.text).toContain(
      '<link rel="canonical" href="https://klub.example/kategorie/mladez?strana=2">',
    );
    for (const bad of ['?strana=3', '?strana=0', '?strana=abc', '?strana=1&strana=2'])
      expect((await page(`/kategorie/mladez${bad}`)).status, bad).toBe(404);
    const tagged = await page('/tagy/zaci');
    expect(tagged.text).toContain('3 články');
    expect((await page('/tagy/neznamy')).status).toBe(404);
    // The category is in the navigation.
    expect((await page('/')).text).toContain('<a href="/kategorie/mladez">Mládež</a>');
  });

  it('shows events, the team in order, active sponsors and the configuration as soon as it is saved', async () => {
    await root.post('/api/cms/form/event', {
      title: 'Letní soustředění',
      startsAt: '2099-07-01T08:00:00Z',
      place: 'Jeseník',
    });
    await root.post('/api/cms/form/event', {
      title: 'Tajná schůze',
      startsAt: '2099-07-02T08:00:00Z',
      visibility: 'PRIVATE',
    });
    await root.post('/api/cms/form/event', { title: 'Loňský závod', startsAt: '2020-05-01T08:00:00Z' });
    await root.post('/api/cms/form/team-member', {
      name: 'Eva Malá',
      role: 'Hlavní trenérka',
      email: 'eva@klub.example',
    });
    await root.post('/api/cms/form/sponsor', { name: 'Pila Dvořák', level: 'GENERAL' });
    await root.post('/api/cms/form/sponsor', { name: 'Bývalý partner', activeTo: '2020-01-01' });
    const home = await page('/');
    expect(home.text).toContain('Letní soustředění');
    expect(home.text).toContain('1. 7. 2099 10:00');
    expect(home.text).not.toContain('Tajná schůze');
    expect(home.text).not.toContain('Loňský závod');
    expect(home.text).toContain('Eva Malá');
    expect(home.text).toContain('Pila Dvořák');
    expect(home.text).not.toContain('Bývalý partner');
    expect((await page('/udalosti')).text).toContain('Loňský závod');
    expect((await page('/tym')).text).toContain('mailto:eva@klub.example');
    expect((await page('/sponzori')).text).toContain('<h2>Generální partner</h2>');

    await root.post('/api/cms/form/web-configuration', {
      clubName: 'SK Lokomotiva',
      primaryColor: '#005a32',
      phone: '+420 777 123 456',
    });
    const restyled = await page('/');
    expect(restyled.text).toContain('<title>SK Lokomotiva</title>');
    expect(restyled.text).toContain('--primary:#005a32');
    expect(restyled.text).toContain('Telefon: <a href="tel:+420777123456">+420 777 123 456</a>');
  });

  it('answers validators and 304, and compresses pages', async () => {
    const first = await page('/');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect((await page('/', { 'if-none-match': etag })).status).toBe(304);
    expect((await page('/', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await page('/', { 'if-none-match': '"jiny"', 'if-modified-since': lastModified })).status).toBe(
      200,
    );
    await root.post('/api/cms/form/tag', { name: 'Nový tag' });
    expect(
      (await page('/', { 'if-modified-since': new Date(Date.now() - 60 * HOUR).toUTCString() })).status,
    ).toBe(200);

    const response = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decompresses by itself: what it read was Brotli and is the page.
    expect(await response.text()).toContain('<html lang="cs">');
  });

  it('previews any article for the content staff only', async () => {
    const draft = await article({
      title: 'Koncept k náhledu',
      visibility: 'PRIVATE',
      content: '<p>Text konceptu</p>',
    });
    const path = `/api/cms/content/${draft.id}/preview`;
    expect((await t.client().get(path)).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get(path)).status).toBe(403);
    const preview = await root.get(path);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(preview.text).toContain('Náhled článku');
    expect(preview.text).toContain('<p>Text konceptu</p>');
    expect(preview.text).toContain('<meta name="robots" content="noindex">');
    expect((await root.get('/api/cms/content/999999/preview')).status).toBe(404);
  });
});
