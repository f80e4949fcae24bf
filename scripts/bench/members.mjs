// Members datagrid and form on 100,000 seeded members, beside a bare Fastify + better-sqlite3 server
// that runs only the list query (the ceiling any framework on top can reach).

import { startBareServer } from './bare-server.mjs';
import { measure, measureLoops } from './measure.mjs';

export const MEMBER_COUNT = Number(process.env.BENCH_MEMBERS ?? 100_000);
/** Page 200 of 25, or the last full page of a smaller data set. */
const PAGE = Math.max(1, Math.min(200, Math.floor(MEMBER_COUNT / 25)));

/** Seeds the members into `{ dataDir }` (SQLite) or `{ databaseUrl, schema }` (PostgreSQL). */
export async function seedForBench(target) {
  const { openDatabase, migrateToLatest } = await import('../../packages/server/src/db/database.ts');
  const { seedMembers } = await import('../../packages/server/src/modules/members/seed-members.ts');
  const { sql } = await import('kysely');
  const database = openDatabase({ dataDir: target.dataDir ?? '', ...target });
  await migrateToLatest(database);
  const started = performance.now();
  await seedMembers(database.db, MEMBER_COUNT);
  // What autovacuum does to a table this size soon after a bulk load.
  if (database.engine === 'postgres') await sql`vacuum analyze members`.execute(database.db);
  await database.close();
  return Math.round(performance.now() - started);
}

export const listUrl = (url) =>
  `${url}/api/cms/datagrid/member?page=${PAGE}&limit=25&sort=lastName&direction=asc`;

/** Three-letter pieces of the seeded names: searches that match, each a different one. */
async function searchTerms() {
  const { SURNAMES, MALE_NAMES, FEMALE_NAMES } = await import(
    '../../packages/server/src/modules/members/czech-names.ts'
  );
  const terms = new Set();
  for (const name of [...SURNAMES.flat(), ...MALE_NAMES, ...FEMALE_NAMES]) {
    const lower = name.toLowerCase();
    for (let index = 0; index + 3 <= lower.length; index += 1) terms.add(lower.slice(index, index + 3));
  }
  return [...terms];
}

export async function benchMembers({ url, cookie, dataDir, duration }) {
  const headers = { cookie };
  const list = listUrl(url);
  const search = `${url}/api/cms/datagrid/member?s=${encodeURIComponent('čer')}&limit=25&sort=lastName`;
  const found = await (await fetch(search, { headers })).json();
  if (!found.data.items.some((item) => item.lastName.startsWith('Čermák')))
    throw new Error('search for "čer" misses Čermák');
  const first = (await (await fetch(list, { headers })).json()).data.items[0];
  const form = `${url}/api/cms/form/member/${first.id}`;

  const bare = await startBareServer(dataDir, (PAGE - 1) * 25);
  const rows = [];
  try {
    rows.push(
      await measure('bare Fastify + better-sqlite3, same list query', { url: `${bare.url}/list`, duration }),
    );
  } finally {
    await bare.stop();
  }
  rows.push(
    await measure(`datagrid page ${PAGE} by lastName, with total (${MEMBER_COUNT} members)`, {
      url: list,
      headers,
      duration,
    }),
  );
  rows.push(await measure('datagrid search s=čer', { url: search, headers, duration }));
  // Each request a different term, page and order, so the result cache rarely answers.
  const terms = await searchTerms();
  const sorts = ['lastName', 'firstName', 'registrationNumber'];
  let sequence = 0;
  rows.push(
    await measure(`datagrid search, ${terms.length} terms × 3 pages × 3 orders in turn`, {
      url,
      headers,
      duration,
      requests: [
        {
          setupRequest(request) {
            sequence += 1;
            const term = terms[sequence % terms.length];
            const page = 1 + (Math.floor(sequence / terms.length) % 3);
            const sort = sorts[Math.floor(sequence / terms.length / 3) % 3];
            return {
              ...request,
              path: `/api/cms/datagrid/member?s=${encodeURIComponent(term)}&page=${page}&limit=25&sort=${sort}`,
            };
          },
        },
      ],
    }),
  );
  rows.push(await measure('form GET by id', { url: form, headers, duration }));
  const writable = (await (await fetch(`${url}/api/cms/datagrid/member?limit=5`, { headers })).json()).data
    .items;
  rows.push(
    await measureLoops('form PUT (5 connections, each its own record, with audit row)', {
      connections: 5,
      duration,
      async step(index) {
        const record = writable[index];
        const response = await fetch(`${url}/api/cms/form/member/${record.id}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ version: record.version, note: `bench ${record.version}` }),
        });
        const body = await response.json();
        if (response.ok) record.version = body.data.version;
        return response.ok;
      },
    }),
  );
  return rows;
}
