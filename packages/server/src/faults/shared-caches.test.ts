import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverApplicationName } from '../db/database.ts';
import { HttpClient } from '../test/http-client.ts';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';
import {
  createPostgresSchema,
  type PostgresSchema,
  startTestApp,
  TEST_ADMIN,
  type TestApp,
  testEngines,
} from '../test/test-app.ts';

const HOUR = 3_600_000;

/** A public page of instance `server` as a reader's browser gets it. */
async function publicPage(server: ServerProcess, address: string): Promise<string> {
  const response = await fetch(`${server.url}${address}`);
  expect(response.status).toBe(200);
  return response.text();
}

/**
 * Caches on PostgreSQL agree across instances: a write through one instance (or straight into the
 * database) drops the others' cached public pages through LISTEN/NOTIFY before their next read.
 * The cached pages live ten minutes here, so nothing below passes by their expiry.
 */
describe.runIf(testEngines().includes('postgres'))('caches of instances sharing one PostgreSQL', () => {
  let database: PostgresSchema;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let staffOnA: HttpClient;
  let staffOnB: HttpClient;

  beforeAll(async () => {
    database = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-caches-'));
    const env = { DATABASE_URL: database.databaseUrl, DATA_DIR: dataDir, DATAGRID_CACHE_TTL: '600' };
    a = await spawnServer(env);
    b = await spawnServer(env);
    staffOnA = new HttpClient(a.url);
    await staffOnA.login(TEST_ADMIN.email, TEST_ADMIN.password);
    staffOnB = new HttpClient(b.url);
    await staffOnB.login(TEST_ADMIN.email, TEST_ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function publishedOnA(title: string) {
    const response = await staffOnA.post('/api/cms/content', {
      title,
      perex: 'Perex.',
      publishedAt: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; slug: string; version: number };
  }

  /** Reads a page on B twice, so the second answer came from B's cache if B caches it. */
  async function warmOnB(address: string): Promise<string> {
    await publicPage(b, address);
    return publicPage(b, address);
  }

  /** The process ids of the LISTEN connections of the instances (each has one). */
  async function listeners(): Promise<number[]> {
    const { rows } = await database.query(
      `select pid from pg_stat_activity where application_name = '${serverApplicationName(database.schema)}'
       and (query ilike 'listen %' or query ilike 'select pg_notify(%')`,
    );
    return rows.map((row) => Number(row.pid)).sort();
  }

  it('an article saved on A shows at once on B: the listing, its page, the home page and the feed', async () => {
    const before = await warmOnB('/clanky');
    await warmOnB('/');
    await warmOnB('/rss.xml');
    expect(before).not.toContain('Oddílový přebor na dráze');
    const article = await publishedOnA('Oddílový přebor na dráze');
    expect(await publicPage(b, '/clanky')).toContain('Oddílový přebor na dráze');
    expect(await publicPage(b, '/')).toContain('Oddílový přebor na dráze');
    expect(await publicPage(b, '/rss.xml')).toContain('Oddílový přebor na dráze');
    // …and so does the staff's list on B.
    const list = await staffOnB.get(`/api/cms/datagrid/article?s=${encodeURIComponent('přebor')}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain('Oddílový přebor na dráze');

    await warmOnB(`/clanky/${article.slug}`);
    const edited = await staffOnA.put(`/api/cms/content/${article.id}`, {
      title: 'Oddílový přebor na dráze',
      perex: 'Výsledky jsou venku.',
      version: article.version,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await publicPage(b, `/clanky/${article.slug}`)).toContain('Výsledky jsou venku.');
  });

  it("a setting saved on A (the club's name) shows at once on every page of B", async () => {
    expect(await warmOnB('/tym')).not.toContain('TJ Sokol Dvojice');
    const saved = await staffOnA.post('/api/cms/form/web-configuration', { clubName: 'TJ Sokol Dvojice' });
    expect(saved.status, saved.text).toBe(201);
    expect(await publicPage(b, '/tym')).toContain('TJ Sokol Dvojice');
    expect((await staffOnB.get('/api/admin/web/configuration')).body.data.clubName).toBe('TJ Sokol Dvojice');
  });

  it('a write straight into the database (psql, another tool) reaches the caches too', async () => {
    const article = await publishedOnA('Zápis bez aplikace');
    await warmOnB(`/clanky/${article.slug}`);
    await database.query(`update articles set perex = 'Opraveno v psql.' where id = ${article.id}`);
    expect(await publicPage(b, `/clanky/${article.slug}`)).toContain('Opraveno v psql.');
  });

  it('a killed LISTEN connection is opened again and every cached page is dropped', async () => {
    const article = await publishedOnA('Ztracené upozornění');
    await warmOnB(`/clanky/${article.slug}`);
    // A write that notifies nobody (triggers off for this session): B keeps its cached page, which
    // shows that B does cache on PostgreSQL…
    await database.query(
      `set session_replication_role = replica;
       update articles set perex = 'Bez upozornění.' where id = ${article.id};
       set session_replication_role = origin`,
    );
    expect(await publicPage(b, `/clanky/${article.slug}`)).not.toContain('Bez upozornění.');
    // …until its connection is lost: B listens again and drops everything it cached.
    const before = await listeners();
    expect(before).toHaveLength(2);
    await database.query(`select pg_terminate_backend(pid) from unnest(array[${before.join(',')}]) as pid`);
    const renewed = async () => (await listeners()).filter((pid) => !before.includes(pid));
    await expect.poll(renewed, { timeout: 10_000 }).toHaveLength(2);
    expect(await publicPage(b, `/clanky/${article.slug}`)).toContain('Bez upozornění.');
    // The new connection hears A's writes as the old one did.
    await warmOnB(`/clanky/${article.slug}`);
    const current = (await staffOnA.get(`/api/cms/content/${article.id}`)).body.data;
    const edited = await staffOnA.put(`/api/cms/content/${article.id}`, {
      title: 'Ztracené upozornění',
      perex: 'Po obnovení spojení.',
      version: current.version,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await publicPage(b, `/clanky/${article.slug}`)).toContain('Po obnovení spojení.');
  });
});

describe.runIf(testEngines().includes('postgres'))('a notification that never comes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', { DATAGRID_CACHE_TTL: '2' });
  });
  afterAll(() => t.close());

  it("is made up for by the cached page's lifetime (DATAGRID_CACHE_TTL)", async () => {
    const root = await t.signedInAsRoot();
    const created = await root.post('/api/cms/content', {
      title: 'Pozdní zpráva',
      perex: 'Původní.',
      publishedAt: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    const { id, slug } = created.body.data;
    const read = async () => (await fetch(`${t.url}/clanky/${slug}`)).text();
    const cachedAt = Date.now();
    expect(await read()).toContain('Původní.');
    // Another client's write with no trigger firing: nobody is told.
    const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db))
      .rows[0]!;
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('set session_replication_role = replica');
      await other.query(`update ${schema}.articles set perex = 'Bez upozornění.' where id = $1`, [id]);
    } finally {
      await other.end();
    }
    const stale = await read();
    // Unless the loaded machine took the page's whole lifetime meanwhile, the cached page still shows…
    if (Date.now() - cachedAt < 1_500) expect(stale).toContain('Původní.');
    // …until its lifetime ends.
    await expect.poll(read, { timeout: 5_000, interval: 100 }).toContain('Bez upozornění.');
  });
});
