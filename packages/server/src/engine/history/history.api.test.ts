import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp } from '../../test/test-entities.ts';

describe.each(testEngines())('record history on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    t = await startFixtureApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('tells who changed which field when, from what to what, with labels instead of ids', async () => {
    const jana = await created('test-member', { firstName: 'Jana', lastName: 'Horká' });
    const petr = await created('test-member', { firstName: 'Petr', lastName: 'Dlouhý' });
    const team = await created('test-team', {
      name: 'Áčko',
      coach: jana.id,
      level: 'A',
      founded: '2001-09-01',
    });
    const saved = await root.put(`/api/cms/form/test-team/${team.id}`, {
      ...team,
      coach: petr.id,
      level: 'B',
      players: [jana.id, petr.id],
      lastMatch: '2026-11-22T18:30:00+01:00',
      active: false,
    });
    expect(saved.status, saved.text).toBe(200);

    const history = await root.get(`/api/cms/history/test-team/${team.id}`);
    expect(history.status, history.text).toBe(200);
    const [update, create] = history.body.data;
    expect(update).toMatchObject({ action: 'update', user: { name: expect.any(String) } });
    expect(Date.parse(update.at)).toBeGreaterThan(Date.now() - 60_000);
    const byField = Object.fromEntries(
      update.changes.map((change: { field: string; fromText: string; toText: string }) => [
        change.field,
        [change.fromText, change.toText],
      ]),
    );
    expect(byField).toEqual({
      coach: ['Horká Jana', 'Dlouhý Petr'],
      level: ['Áčko', 'Béčko'],
      players: ['—', 'Horká Jana, Dlouhý Petr'],
      lastMatch: ['—', '22. 11. 2026 18:30'],
      active: ['Ano', 'Ne'],
    });
    expect(update.changes.find((change: { field: string }) => change.field === 'level')).toMatchObject({
      label: 'Úroveň',
      from: 'A',
      to: 'B',
    });
    expect(create.action).toBe('create');
    expect(create.changes.map((change: { field: string }) => change.field)).toContain('founded');
    expect(create.changes.find((change: { field: string }) => change.field === 'founded').toText).toBe(
      '1. 9. 2001',
    );
  });

  it('restores an earlier value through the normal save, which writes a history entry of its own', async () => {
    const team = await created('test-team', { name: 'Béčko' });
    const renamed = (await root.put(`/api/cms/form/test-team/${team.id}`, { ...team, name: 'Céčko' })).body
      .data;
    const [rename] = (await root.get(`/api/cms/history/test-team/${team.id}`)).body.data;
    const stale = await root.put(`/api/cms/form/test-team/${team.id}`, {
      name: rename.changes[0].from,
      version: team.version,
    });
    expect(stale.status).toBe(409);
    const restored = await root.put(`/api/cms/form/test-team/${team.id}`, {
      name: rename.changes[0].from,
      version: renamed.version,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data.name).toBe('Béčko');
    const entries = (await root.get(`/api/cms/history/test-team/${team.id}`)).body.data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'update', 'create']);
  });

  it('names a related record that is gone, and answers 404 for a record that does not exist', async () => {
    const gone = await created('test-member', { firstName: 'Ota', lastName: 'Pryč' });
    const team = await created('test-team', { name: 'Déčko', captain: gone.id });
    expect((await root.delete(`/api/cms/form/test-member/${gone.id}`)).status).toBe(200);
    const [, create] = (await root.get(`/api/cms/history/test-team/${team.id}`)).body.data;
    expect(create.changes.find((change: { field: string }) => change.field === 'captain').toText).toBe(
      `záznam č. ${gone.id} (smazaný)`,
    );
    expect((await root.get('/api/cms/history/test-team/999999')).status).toBe(404);
  });

  it('is read by whoever may read the record, no one else', async () => {
    const member = await created('test-member', { firstName: 'Eva', lastName: 'Malá' });
    expect((await t.client().get(`/api/cms/history/test-member/${member.id}`)).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get(`/api/cms/history/test-member/${member.id}`)).status).toBe(403);
  });
});
