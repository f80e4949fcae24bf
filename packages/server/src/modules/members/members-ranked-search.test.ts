import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.ts';
import { restoreRankedSearch } from '../../db/migration-kit.ts';
import { applyPendingRanks } from '../../db/ranked-search.ts';
import { compileEntity } from '../../engine/declaration/compile-entity.ts';
import { parseListQuery } from '../../engine/list/list-query.ts';
import { SQLITE_LIST_READER } from '../../engine/list/sqlite/sqlite-reader.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { czechSortKey } from '../../engine/schema/czech-text.ts';
import { memberEntity } from './member.entity.ts';
import { seedMembers } from './seed-members.ts';

// SQLite's members trigram index in surname order, kept in step by triggers (db/ranked-search.ts).

describe('the ranked search index on SQLite', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  const db = () => handle.db;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-ranked-'));
    handle = openDatabase({ dataDir });
    await migrateToLatest(handle);
    await seedMembers(handle.db, 300);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = async (query: ReturnType<typeof sql>) =>
    (await query.execute(db())).rows as Array<Record<string, unknown>>;

  /** The ranks' order is the list's order, and each rank's index entry is its row's search text. */
  async function expectInStep() {
    await applyPendingRanks(db(), 'members');
    const byRank = await rows(sql`select id from members_rank order by rank`);
    const byList = await rows(sql`select id from members order by last_name_sort, id`);
    expect(byRank.map((row) => row.id)).toEqual(byList.map((row) => row.id));
    for (const fragment of ['nov', 'ová', 'example', 'zzz-renamed', 'tomas']) {
      const phrase = `"${fragment.normalize('NFD').replace(/\p{M}/gu, '')}"`;
      const ranked = await rows(
        sql`select r.id from members_ranked f join members_rank r on r.rank = f.rowid
          where members_ranked match ${phrase} order by f.rowid`,
      );
      const plain = await rows(
        sql`select id from members where id in (select rowid from members_search where members_search match ${phrase})
          order by last_name_sort, id`,
      );
      expect(ranked.map((row) => row.id)).toEqual(plain.map((row) => row.id));
    }
  }

  const insertMember = (lastName: string, firstName: string) =>
    sql`insert into members (last_name, last_name_sort, first_name, first_name_sort, active, search_text, created_at, updated_at)
      values (${lastName}, ${czechSortKey(lastName)}, ${firstName}, ${czechSortKey(firstName)}, 1,
        ${`${lastName} ${firstName}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()},
        '2026-11-23 10:00:00', '2026-11-23 10:00:00')`.execute(db());

  it('follows the list order after seeding', async () => {
    await expectInStep();
  });

  it('keeps order when hundreds of rows go into one gap, spreading its neighbours anew', async () => {
    // Each new "Novák Tomáš" sorts after the previous one (by id) and before the next surname: every
    // insert halves the same gap, which closes after 40 of them.
    for (let index = 0; index < 150; index += 1) await insertMember('Novák', 'Tomáš');
    for (let index = 0; index < 60; index += 1) await insertMember('Aaron', `Z${index}`);
    await expectInStep();
  });

  it('moves a renamed row, finds it by its new text only and forgets a deleted one', async () => {
    const [first] = await rows(sql`select id from members order by last_name_sort, id limit 1`);
    await sql`update members set last_name = 'Žák', last_name_sort = ${czechSortKey('Žák')},
      search_text = 'zzz-renamed' where id = ${first!.id}`.execute(db());
    await expectInStep();
    await sql`update members set search_text = 'tomas only text' where id = ${first!.id}`.execute(db());
    await expectInStep();
    await sql`delete from members where id in (select id from members order by last_name_sort desc limit 5)`.execute(
      db(),
    );
    await expectInStep();
  });

  it('puts the ranks written meanwhile in once when many readers ask at once', async () => {
    for (let index = 0; index < 20; index += 1) await insertMember('Tomášek', `Nová${index}`);
    await sql`update members set search_text = 'tomas example' where id = (select max(id) from members)`.execute(
      db(),
    );
    await Promise.all(Array.from({ length: 5 }, () => applyPendingRanks(db(), 'members')));
    expect(await rows(sql`select rank from members_rank_pending`)).toEqual([]);
    await expectInStep();
  });

  it('is rebuilt with its triggers after a rebuild of the table dropped them', async () => {
    for (const trigger of ['ranked_insert', 'ranked_delete', 'ranked_sort', 'ranked_text'])
      await sql.raw(`drop trigger members_${trigger}`).execute(db());
    await insertMember('Bez', 'Pořadí');
    await restoreRankedSearch(db(), 'members');
    await insertMember('Čáp', 'Nový');
    await expectInStep();
  });

  it('lets the plain index answer a search when the ranked one cannot be brought up to date', async () => {
    const entity = compileEntity(memberEntity);
    const list = () =>
      SQLITE_LIST_READER.page(
        db() as unknown as DynamicDb,
        entity,
        parseListQuery(entity, new URLSearchParams('s=tomas')),
      );
    const ranked = await list();
    expect(ranked.items.length).toBeGreaterThan(0);
    await sql`alter table members_rank_pending rename to members_rank_pending_away`.execute(db());
    try {
      const plain = await list();
      expect(plain.items.map((row) => row.id)).toEqual(ranked.items.map((row) => row.id));
      expect(plain.total).toBe(ranked.total);
    } finally {
      await sql`alter table members_rank_pending_away rename to members_rank_pending`.execute(db());
    }
  });

  it('spreads the whole table anew when a gap and its neighbourhood are full', async () => {
    // Squeeze every rank into a span with no room, as thousands of inserts at one spot would.
    await sql`update members_rank set rank = -rank`.execute(db());
    await sql`update members_rank set rank = x.k from (select rank as old, row_number() over (order by rank desc) as k from members_rank) x where members_rank.rank = x.old`.execute(
      db(),
    );
    await insertMember('Dvořák', 'Jan');
    await insertMember('Aaron', 'A');
    await expectInStep();
  });
});
