import { API_PATHS, apiPath, type TrashEntry } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('group members in the trash on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('holds the group’s capacity on a restore: a full group takes no one back', async () => {
    const group = await created('group', { name: 'Minipřípravka', capacity: 1 });
    const first = await created('member', { firstName: 'Ema', lastName: 'Vrácená' });
    const second = await created('member', { firstName: 'Olga', lastName: 'Nová' });
    const membership = await created('group-member', {
      group: group.id,
      member: first.id,
      validFrom: '2026-09-01',
    });
    expect((await root.delete(`/api/cms/form/group-member/${membership.id}`)).status).toBe(200);
    await created('group-member', { group: group.id, member: second.id, validFrom: '2026-09-01' });

    const trash = await root.get(`${API_PATHS.trash}?entity=group-member&limit=100`);
    const entry = trash.body.data.items.find((item: TrashEntry) => item.recordId === membership.id);
    const refused = await root.post(apiPath(API_PATHS.trashRestore, { id: entry.id }), {});
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.message).toMatch(
      /^Záznam „.*“ nelze obnovit: Skupina Minipřípravka je plná: kapacita 1 místo\.$/,
    );
    expect((await root.get(`/api/cms/form/group-member/${membership.id}`)).status).toBe(404);
  });
});
