import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

const SAVES = 50;

describe.each(testEngines())('parallel saves of one record on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it(`lets exactly one of ${SAVES} saves with the same version win; the rest get 409 and change nothing`, async () => {
    const created = (await root.post('/api/cms/form/member', { firstName: 'Souběžná', lastName: 'Nováková' }))
      .body.data;
    const responses = await Promise.all(
      Array.from({ length: SAVES }, (_, index) =>
        root.put(`/api/cms/form/member/${created.id}`, {
          version: created.version,
          note: `uložení ${index}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(SAVES - 1).fill(409)]);
    const winner = responses.find((response) => response.status === 200)!.body.data;
    const loser = responses.find((response) => response.status === 409)!.body;
    expect(loser.error.message).toBe('Záznam mezitím uložil někdo jiný. Načtěte jeho aktuální podobu.');
    expect(loser.error.current).toMatchObject({ version: created.version + 1, note: winner.note });

    const stored = (await root.get(`/api/cms/form/member/${created.id}`)).body.data;
    expect(stored).toMatchObject({ version: created.version + 1, note: winner.note });
    const audits = await (t.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'member')
      .where('record_id', '=', created.id)
      .execute();
    expect(audits.map((audit) => audit.action).sort()).toEqual(['create', 'update']);
  });

  it('answers a save with the highest version there is as a conflict, not a server error', async () => {
    const created = (await root.post('/api/cms/form/member', { firstName: 'Krajní', lastName: 'Verze' })).body
      .data;
    const saved = await root.put(`/api/cms/form/member/${created.id}`, { version: 2_147_483_647, note: 'x' });
    expect(saved.status, saved.text).toBe(409);
  });

  it('keeps every one of many parallel creates, each with its own id', async () => {
    const responses = await Promise.all(
      Array.from({ length: SAVES }, (_, index) =>
        root.post('/api/cms/form/member', { firstName: `Člen ${index}`, lastName: 'Současný' }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array<number>(SAVES).fill(201));
    const ids = new Set(responses.map((response) => response.body.data.id));
    expect(ids.size).toBe(SAVES);
    const listed = (await root.get('/api/cms/datagrid/member?s=současný&limit=100')).body.data;
    expect(listed.total).toBe(SAVES);
  });
});
