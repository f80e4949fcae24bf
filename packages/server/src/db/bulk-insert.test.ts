import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';
import { insertMany, insertReturningIds } from './bulk-insert.ts';

describe.each(testEngines())('bulk insert on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine, {}, {}, { product: false });
  });
  afterAll(() => t.close());

  const rows = (count: number, entity: string) =>
    Array.from({ length: count }, (_, index) => ({
      user_id: 0,
      entity,
      record_id: index,
      action: index % 2 === 0 ? 'create' : 'update',
      changes: JSON.stringify({ name: `„Žluťoučký“ ${index} \\ "kůň"` }),
      created_at: new Date(Date.UTC(2026, 10, 27, 12, 0, index % 60)).toISOString(),
    }));

  const stored = (entity: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['id', 'record_id', 'action', 'changes', 'created_at'])
      .where('entity', '=', entity)
      .orderBy('id')
      .execute();

  it('answers the ids in the rows order, over several statements, with every value as sent', async () => {
    const sent = rows(1001, 'bulk-ids');
    const ids = await insertReturningIds(t.db, 'audit_log', sent);
    const back = await stored('bulk-ids');
    expect(back.map((row) => Number(row.id))).toEqual(ids);
    expect(back.map((row) => [row.record_id, row.action, row.changes])).toEqual(
      sent.map((row) => [row.record_id, row.action, row.changes]),
    );
    expect(new Date(back[59]!.created_at).toISOString()).toBe(sent[59]!.created_at);
  });

  it('writes the rows alike without their ids, and nothing for none', async () => {
    await insertMany(t.db, 'audit_log', rows(450, 'bulk-many'));
    await insertMany(t.db, 'audit_log', []);
    expect(await stored('bulk-many')).toHaveLength(450);
  });
});
