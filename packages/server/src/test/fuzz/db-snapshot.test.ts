import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test-app.ts';
import { changedTables, snapshotSince, writeMark } from './db-snapshot.ts';

describe.each(testEngines())('the fuzz suite’s snapshots on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  const createMember = (lastName: string) =>
    root.post('/api/cms/form/member', { lastName, firstName: 'Eva', registrationNumber: lastName });

  it('move their write mark with every stored change, so an unchanged mark proves nothing was written', async () => {
    const before = await writeMark(t);
    const created = await createMember('Značková');
    expect(created.status).toBe(201);
    const afterCreate = await writeMark(t);
    expect(afterCreate).not.toBe(before);

    const id = created.body.data.id as number;
    const saved = await root.put(`/api/cms/form/member/${id}`, {
      ...created.body.data,
      firstName: 'Jana',
    });
    expect(saved.status).toBe(200);
    const afterUpdate = await writeMark(t);
    expect(afterUpdate).not.toBe(afterCreate);

    expect((await root.delete(`/api/cms/form/member/${id}`)).status).toBeLessThan(300);
    expect(await writeMark(t)).not.toBe(afterUpdate);
  });

  it('take the tables again only when the mark moved, and then see the change', async () => {
    const first = await snapshotSince(t);
    const refused = await root.post('/api/cms/form/member', { lastName: '' });
    expect(refused.status).toBe(400);
    const second = await snapshotSince(t, first);
    expect(changedTables(first.tables, second.tables)).toEqual([]);

    expect((await createMember('Snímková')).status).toBe(201);
    const third = await snapshotSince(t, second);
    expect(third).not.toBe(second);
    expect(changedTables(second.tables, third.tables)).toContain('members');
  });
});
