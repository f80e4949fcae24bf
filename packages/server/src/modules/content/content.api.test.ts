import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('makes Czech titles into addresses without diacritics', () => {
    expect(slugify('Žluťoučký kůň úpěl ďábelské ódy!')).toBe('zlutoucky-kun-upel-dabelske-ody');
    expect(slugify('  Mistrovství ČR 2027 – výsledky  ')).toBe('mistrovstvi-cr-2027-vysledky');
    expect(slugify('???')).toBe('');
  });
});

describe.each(testEngines())('content and web zones on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  const article = async (body: Record<string, unknown>) => {
    const response = await root.post('/api/cms/content', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  it('serves the article through the content calls: create, read, save with version, delete', async () => {
    const author = (await root.post('/api/cms/form/author', { name: 'Jana Dvořáková' })).body.data;
    const tag = (await root.post('/api/cms/form/tag', { name: 'Mládež' })).body.data;
    expect(tag.slug).toBe('mladez');
    const category = (await root.post('/api/cms/form/content-category', { name: 'Zprávy z oddílu' })).body
      .data;
    expect(category.slug).toBe('zpravy-z-oddilu');
    const created = await article({
      title: 'Úspěšná sezóna žáků',
      perex: 'Krátce o sezóně.',
      content: '<h2>Výsledky</h2><p>Vyhráli jsme.</p>',
      author: author.id,
      tags: [tag.id],
      categories: [category.id],
      publishedAt: '2026-11-01T10:00:00.000Z',
    });
    expect(created).toMatchObject({
      slug: 'uspesna-sezona-zaku',
      visibility: 'PUBLIC',
      tags: [tag.id],
      categories: [category.id],
      author: author.id,
    });
    const read = await root.get(`/api/cms/content/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('Úspěšná sezóna žáků');
    const saved = await root.put(`/api/cms/content/${created.id}`, {
      title: 'Úspěšná sezóna žáků a dorostu',
      version: created.version,
    });
    expect(saved.status, saved.text).toBe(200);
    // A slug that exists stays: links already shared keep working.
    expect(saved.body.data.slug).toBe('uspesna-sezona-zaku');
    const stale = await root.put(`/api/cms/content/${created.id}`, { title: 'X', version: created.version });
    expect(stale.status).toBe(409);
    expect((await root.delete(`/api/cms/content/${created.id}`)).status).toBe(200);
    expect((await root.get(`/api/cms/content/${created.id}`)).status).toBe(404);
    expect((await root.get('/api/cms/content/abc')).status).toBe(400);
  });

  it('makes slugs unique, keeps an edited one and refuses a bad or taken one in Czech', async () => {
    const first = await article({ title: 'Nábor 2027' });
    const second = await article({ title: 'Nábor 2027' });
    const third = await article({ title: 'Nábor 2027' });
    expect([first.slug, second.slug, third.slug]).toEqual(['nabor-2027', 'nabor-2027-2', 'nabor-2027-3']);
    const own = await article({ title: 'Cokoli', slug: 'vlastni-adresa' });
    expect(own.slug).toBe('vlastni-adresa');
    const taken = await root.post('/api/cms/content', { title: 'Jiný', slug: 'nabor-2027' });
    expect(taken.status).toBe(400);
    expect(taken.body.validationErrors).toEqual([
      { path: 'slug', message: 'Hodnotu pole „Adresa (slug)“ už má jiný záznam.' },
    ]);
    const bad = await root.post('/api/cms/content', { title: 'Jiný', slug: 'Velká Písmena' });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors[0].path).toBe('slug');
    const edited = await root.put(`/api/cms/content/${first.id}`, {
      slug: 'nabor-deti-2027',
      version: first.version,
    });
    expect(edited.body.data.slug).toBe('nabor-deti-2027');
    // Emptied: made again from the title.
    const emptied = await root.put(`/api/cms/content/${second.id}`, { slug: '', version: second.version });
    expect(emptied.status, emptied.text).toBe(200);
    expect(emptied.body.data.slug).toBe('nabor-2027');
    const noTitle = await root.post('/api/cms/content', { perex: 'bez titulku' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.validationErrors).toEqual([{ path: 'title', message: 'Vyplňte pole „Titulek“.' }]);
  });

  it('stores rich text only through the allowlist', async () => {
    const saved = await article({
      title: 'Nebezpečný obsah',
      content:
        '<p onclick="alert(1)" style="position:fixed;inset:0">Text<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">a</a><a href="https://klub.cz/">b</a>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" onerror="alert(1)"><img src="/files/a.png" alt="Foto">' +
        '<iframe src="https://www.youtube.com/embed/abc"></iframe><iframe src="https://zlo.example/"></iframe>' +
        '<form action="/x"><input name="a"></form><style>body{display:none}</style>',
    });
    expect(saved.content).toBe(
      '<p>Text</p><a rel="noopener noreferrer nofollow">a</a>' +
        '<a href="https://klub.cz/" rel="noopener noreferrer nofollow">b</a>' +
        '<img src="/files/a.png" alt="Foto" loading="lazy" />' +
        '<iframe src="https://www.youtube.com/embed/abc" title="Video" sandbox="allow-scripts allow-same-origin allow-presentation" loading="lazy"></iframe>',
    );
    const emptied = await article({ title: 'Jen skript', content: '<script>alert(1)</script>' });
    expect(emptied.content).toBeNull();
    const event = await root.post('/api/cms/form/event', {
      title: 'Den otevřených dveří',
      startsAt: '2027-05-01T08:00:00.000Z',
      description: '<p><img src=x onerror=alert(1)>Přijďte</p>',
    });
    expect(event.status, event.text).toBe(201);
    expect(event.body.data.description).toBe('<p><img src="x" alt="" loading="lazy" />Přijďte</p>');
  });

  it('keeps one web configuration with readable colours, and serves its defaults before the first save', async () => {
    const before = await root.get('/api/admin/web/configuration');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      id: null,
      clubName: 'Náš sportovní klub',
      primaryColor: '#1c4f8c',
    });
    const light = await root.post('/api/cms/form/web-configuration', {
      clubName: 'TJ Sokol',
      primaryColor: '#ffee00',
    });
    expect(light.status).toBe(400);
    expect(light.body.validationErrors[0]).toEqual({
      path: 'primaryColor',
      message: 'Barva je příliš světlá: kontrast s bílou je 1,2 : 1, potřeba je aspoň 4,5 : 1.',
    });
    const saved = await root.post('/api/cms/form/web-configuration', { clubName: 'TJ Sokol Lhota' });
    expect(saved.status, saved.text).toBe(201);
    const second = await root.post('/api/cms/form/web-configuration', { clubName: 'Druhý' });
    expect(second.status).toBe(409);
    const after = await root.get('/api/admin/web/configuration');
    expect(after.body.data).toMatchObject({ id: saved.body.data.id, clubName: 'TJ Sokol Lhota' });
    const removed = await root.delete(`/api/cms/form/web-configuration/${saved.body.data.id}`);
    expect(removed.status).toBe(409);
  });

  it('puts new team members last and reorders the whole team', async () => {
    const names = ['Petr', 'Pavla', 'Karel'];
    const ids: number[] = [];
    for (const name of names) {
      const response = await root.post('/api/cms/form/team-member', { name, role: 'Trenér' });
      expect(response.status, response.text).toBe(201);
      ids.push(response.body.data.id);
    }
    const positions = async () => {
      const rows = (await root.get('/api/cms/datagrid/team-member?sort=position&direction=asc')).body.data
        .items;
      return rows.map((row: { name: string }) => row.name);
    };
    expect(await positions()).toEqual(['Petr', 'Pavla', 'Karel']);
    const reordered = await root.put('/api/admin/web/team/order', { ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.status, reordered.text).toBe(200);
    expect(await positions()).toEqual(['Karel', 'Petr', 'Pavla']);
    const partial = await root.put('/api/admin/web/team/order', { ids: [ids[0]] });
    expect(partial.status).toBe(400);
    expect(partial.body.validationErrors[0].message).toContain('právě jednou');
  });

  it('refuses sponsors and events whose end comes before the start', async () => {
    const sponsor = await root.post('/api/cms/form/sponsor', {
      name: 'Pekárna U Nováků',
      activeFrom: '2027-01-01',
      activeTo: '2026-01-01',
    });
    expect(sponsor.body.validationErrors).toEqual([
      { path: 'activeTo', message: '„Aktivní do“ nesmí být dřív než „Aktivní od“ (1. 1. 2027).' },
    ]);
    const event = await root.post('/api/cms/form/event', {
      title: 'Závod',
      startsAt: '2027-05-01T08:00:00.000Z',
      endsAt: '2027-04-01T08:00:00.000Z',
    });
    expect(event.body.validationErrors).toEqual([
      { path: 'endsAt', message: '„Do“ musí být později než „Od“ (1. 5. 2027 10:00).' },
    ]);
  });

  it('completes a web address typed without https:// instead of refusing it', async () => {
    const sponsor = await root.post('/api/cms/form/sponsor', {
      name: 'Pekárna Novák',
      url: 'www.pekarna-novak.cz',
    });
    expect(sponsor.status, sponsor.text).toBe(201);
    expect(sponsor.body.data.url).toBe('https://www.pekarna-novak.cz');
    const social = await root.post('/api/cms/form/event', {
      title: 'Běh parkem',
      startsAt: '2027-05-01T08:00:00.000Z',
      link: 'klub.cz/beh',
    });
    expect(social.body.data.link).toBe('https://klub.cz/beh');
    const script = await root.post('/api/cms/form/sponsor', { name: 'Zlý', url: 'javascript:alert(1)' });
    expect(script.body.validationErrors).toEqual([
      { path: 'url', message: 'Zadejte do pole „Web“ platnou webovou adresu, např. www.klub.cz.' },
    ]);
  });

  it('lets only the roles of the permission matrix in: anonymous 401, others 403, the salesman sponsors', async () => {
    const anonymous = t.client();
    for (const [method, path] of [
      ['GET', '/api/cms/content/1'],
      ['POST', '/api/cms/content'],
      ['PUT', '/api/cms/content/1'],
      ['DELETE', '/api/cms/content/1'],
      ['GET', '/api/admin/web/configuration'],
      ['PUT', '/api/admin/web/team/order'],
    ] as const)
      expect((await anonymous.request(method, path, method === 'GET' ? undefined : {})).status, path).toBe(
        401,
      );
    const { client: user } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    for (const client of [user, salesman]) {
      expect((await client.get('/api/cms/content/1')).status).toBe(403);
      expect((await client.post('/api/cms/content', { title: 'x' })).status).toBe(403);
      expect((await client.delete('/api/cms/content/1')).status).toBe(403);
      expect((await client.get('/api/admin/web/configuration')).status).toBe(403);
      expect((await client.put('/api/admin/web/team/order', { ids: [1] })).status).toBe(403);
      expect((await client.post('/api/cms/form/team-member', { name: 'x' })).status).toBe(403);
    }
    const sponsor = await salesman.post('/api/cms/form/sponsor', { name: 'Autoservis Beneš' });
    expect(sponsor.status, sponsor.text).toBe(201);
    expect((await user.post('/api/cms/form/sponsor', { name: 'x' })).status).toBe(403);
    expect((await salesman.get('/api/cms/datagrid/event')).status).toBe(200);
    expect(
      (await salesman.post('/api/cms/form/event', { title: 'x', startsAt: '2027-01-01T00:00:00Z' })).status,
    ).toBe(403);
  });
});
