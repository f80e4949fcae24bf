import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATIONS } from '../../modules/entities.ts';
import { seedMembers } from '../../modules/members/seed-members.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { FIXTURE_ENTITIES } from '../../test/test-entities.ts';
import { compileRegistry } from '../declaration/registry.ts';
import { type Row, toRecord } from '../records/record-mapper.ts';
import { recordColumns } from './pages.ts';

/** Totals and searched pages are cached; whatever this process writes must show in the next answer. */
describe.each(testEngines())('datagrid result cache on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedMembers(t.db, 60);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  const grid = async (query: string) => (await root.get(`/api/cms/datagrid/member?${query}`)).body.data;

  it('counts a created and a deleted record at once, plain and searched', async () => {
    const before = await grid('limit=10');
    const searched = await grid('s=zzmezera&limit=10');
    expect(searched.total).toBe(0);
    const created = await root.post('/api/cms/form/member', { firstName: 'Ota', lastName: 'Zzmezera' });
    expect(created.status).toBe(201);
    expect((await grid('limit=10')).total).toBe(before.total + 1);
    const found = await grid('s=zzmezera&limit=10');
    expect(found.items.map((item: { id: number }) => item.id)).toEqual([created.body.data.id]);
    expect(found.total).toBe(1);
    await root.delete(`/api/cms/form/member/${created.body.data.id}`);
    expect((await grid('limit=10')).total).toBe(before.total);
    expect(await grid('s=zzmezera&limit=10')).toMatchObject({ total: 0, items: [] });
  });

  it('finds a renamed record by its new name only, and an edit of other fields keeps it findable', async () => {
    const created = (await root.post('/api/cms/form/member', { firstName: 'Iva', lastName: 'Qqstará' })).body
      .data;
    expect((await grid('s=qqstara')).total).toBe(1);
    const renamed = await root.put(`/api/cms/form/member/${created.id}`, {
      version: created.version,
      lastName: 'Qqnová',
    });
    expect(renamed.status).toBe(200);
    expect((await grid('s=qqstara')).total).toBe(0);
    expect((await grid('s=qqnova')).items.map((item: { id: number }) => item.id)).toEqual([created.id]);
    await root.put(`/api/cms/form/member/${created.id}`, { version: renamed.body.data.version, note: 'x' });
    expect((await grid('s=qqnova')).total).toBe(1);
  });

  it('moves records between pages of a filtered list as soon as they change', async () => {
    const trainers = await grid('filter[memberType]=TRAINER&limit=100');
    const athlete = (await grid('filter[memberType]=ATHLETE&limit=1')).items[0];
    await root.put(`/api/cms/form/member/${athlete.id}`, { version: athlete.version, memberType: 'TRAINER' });
    const after = await grid('filter[memberType]=TRAINER&limit=100');
    expect(after.total).toBe(trainers.total + 1);
    expect(after.items.map((item: { id: number }) => item.id)).toContain(athlete.id);
  });

  it('sees rows written straight into the database, outside the engine', async () => {
    const before = await grid('limit=10');
    const now = new Date().toISOString();
    await (t.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('members')
      .values({
        first_name: 'Přímý',
        first_name_sort: 'a',
        last_name: 'Zápis',
        last_name_sort: 'a',
        active: 1,
        search_text: 'zapis primy',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await grid('limit=10')).total).toBe(before.total + 1);
    expect((await grid('limit=10')).items[0].lastName).toBe('Zápis');
  });

  it('reads the page rows afresh: an edit shows in a cached page', async () => {
    const first = (await grid('s=example&limit=5')).items[0];
    await root.put(`/api/cms/form/member/${first.id}`, { version: first.version, note: 'čerstvé' });
    expect((await grid('s=example&limit=5')).items[0]).toMatchObject({ id: first.id, note: 'čerstvé' });
  });

  it('answers a page past the end with no items and the right total', async () => {
    const total = (await grid('limit=10')).total;
    expect(await grid(`limit=10&page=${Math.ceil(total / 10) + 1}`)).toMatchObject({ total, items: [] });
  });
});

describe('record columns', () => {
  it('are every column toRecord reads, for every kind of field', () => {
    for (const entity of compileRegistry([...DECLARATIONS, ...FIXTURE_ENTITIES]).values()) {
      const columns = new Set(recordColumns(entity));
      const read = new Set<string>();
      // A row that notes each column read and answers with a value, so that no branch stops early.
      const row = new Proxy({} as Row, {
        get(_target, key) {
          read.add(String(key));
          return key === 'id' || key === 'version' ? 1 : 'x';
        },
      });
      toRecord(entity, row);
      expect(
        [...read].filter((column) => !columns.has(column)),
        entity.declaration.alias,
      ).toEqual([]);
    }
  });
});
