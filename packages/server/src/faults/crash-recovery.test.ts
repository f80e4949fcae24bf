import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../http/session.ts';
import { spawnServer } from '../test/server-process.ts';
import { createPostgresSchema, type PostgresSchema, TEST_ADMIN, testEngines } from '../test/test-app.ts';
import { checkPostgres, checkSqlite, type DatabaseCheck } from './database-check.ts';
import { type Acknowledged, lostWrites, writeUntilGone } from './write-load.ts';

const ROUNDS = 3;
const WRITERS = 4;
/** How long the writers run before the kill; the kill lands whatever is in flight then. */
const LOAD_MS = 1_500;

describe.each(testEngines())('kill -9 of the real server under write load on %s', (engine) => {
  let dataDir: string;
  let database: PostgresSchema | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-crash-'));
    if (engine === 'postgres') database = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.databaseUrl } : {}) });
  const check = (): Promise<DatabaseCheck> | DatabaseCheck =>
    database ? checkPostgres(database) : checkSqlite(dataDir);

  it(`keeps every acknowledged write through ${ROUNDS} kills, and the database passes its integrity check`, async () => {
    const acknowledged: Acknowledged = new Map();
    let cookie = '';
    let writes = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const server = await spawnServer(env());
      if (!cookie) {
        const login = await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(TEST_ADMIN),
        });
        cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
        expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
      }
      const before = acknowledged.size;
      const load = writeUntilGone(server.url, cookie, WRITERS, acknowledged);
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
      await server.kill();
      const { unexpected, writes: acknowledgedWrites } = await load;
      expect(unexpected, server.output()).toEqual([]);
      writes += acknowledgedWrites;
      expect(acknowledged.size, `round ${round} acknowledged nothing`).toBeGreaterThan(before);

      const { problems, members } = await check();
      expect(problems, `round ${round}`).toEqual([]);
      expect(lostWrites(acknowledged, members), `round ${round}`).toEqual([]);
    }
    console.info(
      `crash test on ${engine}: ${ROUNDS} kills, ${writes} acknowledged writes (${acknowledged.size} records), none lost`,
    );

    // And the server starts on what is left, serving every record (page by page: past 1,000 rows a
    // total is an estimate on PostgreSQL).
    const server = await spawnServer(env());
    try {
      const served = new Set<number>();
      for (let page = 1; ; page += 1) {
        const response = await fetch(`${server.url}/api/cms/datagrid/member?limit=100&page=${page}`, {
          headers: { cookie },
        });
        const items: Array<{ id: number }> = (await response.json()).data.items;
        for (const item of items) served.add(item.id);
        if (items.length < 100) break;
      }
      expect([...acknowledged.keys()].filter((id) => !served.has(id))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
