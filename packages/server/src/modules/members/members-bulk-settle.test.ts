import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineWork } from '../../db/engine-work.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { seedMembers } from './seed-members.ts';

describe.each(testEngines())('settling tables after a bulk write on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedMembers(t.db, 200);
  });
  afterAll(() => t.close());

  /** How many times each table was vacuumed and analysed by hand so far. */
  async function upkeep() {
    await sql`select pg_stat_clear_snapshot()`.execute(t.db);
    const { rows } = await sql<{ relname: string; vacuums: number; analyses: number }>`
          select relname, vacuum_count::integer as vacuums, analyze_count::integer as analyses
          from pg_stat_user_tables
          where schemaname = current_schema() and relname in ('members', 'members_trigrams')`.execute(t.db);
    return Object.fromEntries(rows.map((row) => [row.relname, [row.vacuums, row.analyses]]));
  }

  // SQLite keeps no statistics and no visibility map.
  if (engine === 'postgres')
    it('vacuums and analyses the written table, and vacuums its search index without sampling it', async () => {
      const before = await upkeep();
      await engineWork(t.db).settleAfterBulkWrite(t.db, ['members']);
      const after = await upkeep();
      expect(after.members).toEqual([before.members![0]! + 1, before.members![1]! + 1]);
      expect(after.members_trigrams).toEqual([before.members_trigrams![0]! + 1, before.members_trigrams![1]]);
    });

  if (engine === 'sqlite')
    it('puts the queued entries into the ranked search index, so that no search waits for them', async () => {
      const queued = async () =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from members_rank_pending`.execute(t.db)).rows[0]!.n,
        );
      expect(await queued()).toBeGreaterThan(0);
      await engineWork(t.db).settleAfterBulkWrite(t.db, ['members']);
      expect(await queued()).toBe(0);
    });
});
