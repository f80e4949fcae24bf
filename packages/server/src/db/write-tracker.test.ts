import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database.ts';
import { StampedCache } from './stamped-cache.ts';
import { type WriteTracker, writeTrackerOf } from './write-tracker.ts';

describe('write tracker', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let tracker: WriteTracker;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-tracker-'));
    database = openDatabase({ dataDir });
    await migrateToLatest(database);
    tracker = writeTrackerOf(database.db)!;
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const now = new Date().toISOString();
  const attempt = { action: 'login', subject: 'ip:test', created_at: now };

  it('is installed on every database openDatabase opens, and on its transactions', async () => {
    expect(tracker).toBeDefined();
    await database.db.transaction().execute(async (trx) => {
      expect(writeTrackerOf(trx)).toBe(tracker);
    });
  });

  it('moves the stamp of the written table, not of others, and never for reads', async () => {
    const db = database.db;
    const attempts = tracker.stamp(['auth_attempts']);
    const users = tracker.stamp(['users']);
    const all = tracker.stamp();
    await db.selectFrom('auth_attempts').selectAll().execute();
    await sql`select 1`.execute(db);
    expect([tracker.stamp(['auth_attempts']), tracker.stamp()]).toEqual([attempts, all]);

    await db.insertInto('auth_attempts').values(attempt).execute();
    expect(tracker.stamp(['auth_attempts'])).toBeGreaterThan(attempts);
    expect(tracker.stamp(['users'])).toBe(users);
    expect(tracker.stamp()).toBeGreaterThan(all);

    for (const write of [
      () =>
        db.updateTable('auth_attempts').set({ created_at: now }).where('subject', '=', 'ip:test').execute(),
      () => db.deleteFrom('auth_attempts').where('subject', '=', 'ip:test').execute(),
    ]) {
      const before = tracker.stamp(['auth_attempts']);
      await write();
      expect(tracker.stamp(['auth_attempts'])).toBeGreaterThan(before);
    }
  });

  it('counts a raw statement it cannot read as a write to every table', async () => {
    const before = tracker.stamp(['users']);
    await sql`delete from auth_attempts where subject = ${'nothing'}`.execute(database.db);
    expect(tracker.stamp(['users'])).toBeGreaterThan(before);
  });

  it('moves the stamp even when the write fails', async () => {
    const before = tracker.stamp(['auth_attempts']);
    const row = { ...attempt, id: 1_000 };
    await database.db.insertInto('auth_attempts').values(row).execute();
    await expect(database.db.insertInto('auth_attempts').values(row).execute()).rejects.toThrow();
    expect(tracker.stamp(['auth_attempts'])).toBeGreaterThan(before + 1);
  });
});

describe('stamped cache', () => {
  it('answers only while the stamp is unchanged and the entry younger than its lifetime', () => {
    const cache = new StampedCache<string>(5000, 10);
    cache.set('a', 7, 1000, 'x');
    expect(cache.get('a', 7, 1000)).toBe('x');
    expect(cache.get('a', 7, 5999)).toBe('x');
    expect(cache.get('a', 7, 6000)).toBeUndefined();
    cache.set('a', 7, 1000, 'x');
    expect(cache.get('a', 8, 1001)).toBeUndefined();
    expect(cache.get('a', 7, 1002)).toBeUndefined();
  });

  it('keeps no more than its size, dropping the oldest first', () => {
    const cache = new StampedCache<number>(5000, 4);
    for (let index = 0; index < 6; index += 1) cache.set(`k${index}`, 1, 1000, index);
    expect(cache.size).toBeLessThanOrEqual(4);
    expect(cache.get('k5', 1, 1000)).toBe(5);
    expect(cache.get('k0', 1, 1000)).toBeUndefined();
  });
});
