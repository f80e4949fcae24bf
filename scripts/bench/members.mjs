// Members datagrid and form on 100,000 seeded members, beside a bare Fastify + better-sqlite3 server
// that runs only the list query (the ceiling any framework on top can reach).

import { datagridPath, inTurn, pageAddresses, searchAddresses, shortSearchAddresses } from './addresses.mjs';
import { startBareServer } from './bare-server.mjs';
import { measure, measureLoops, WARM_UP_SECONDS } from './measure.mjs';

export const MEMBER_COUNT = Number(process.env.BENCH_MEMBERS ?? 100_000);
/** Page 200 of 25, or the last full page of a smaller data set. */
const PAGE = Math.max(1, Math.min(200, Math.floor(MEMBER_COUNT / 25)));

/** Seeds the members into `{ dataDir }` (SQLite) or `{ databaseUrl, schema }` (PostgreSQL). */
export async function seedForBench(target) {
  const { openDatabase, migrateToLatest } = await import('../../packages/server/src/db/database.ts');
  const { seedMembers } = await import('../../packages/server/src/modules/members/seed-members.ts');
  const { sql } = await import('kysely');
  const { applyPendingRanks } = await import('../../packages/server/src/db/ranked-search.ts');
  const database = openDatabase({ dataDir: target.dataDir ?? '', ...target });
  await migrateToLatest(database);
  const started = performance.now();
  await seedMembers(database.db, MEMBER_COUNT);
  // What autovacuum does to a table this size soon after a bulk load.
  if (database.engine === 'postgres') {
    await sql`vacuum analyze members`.execute(database.db);
    await sql`vacuum analyze members_trigrams`.execute(database.db);
  }
  // What the first search after a bulk load does on SQLite: the queued ranks go into the ranked index.
  else await applyPendingRanks(database.db, 'members');
  await database.close();
  return Math.round(performance.now() - started);
}

export const listUrl = (url) =>
  `${url}/api/cms/datagrid/member?page=${PAGE}&limit=25&sort=lastName&direction=asc`;

/** The uncached runs, on a server started with DATAGRID_CACHE_TTL=0 (and on PostgreSQL, which has no cache). */
export async function benchUncached({ url, cookie, prefix = '', duration, cpuMs }) {
  const headers = { cookie };
  const searches = (await searchAddresses()).map(datagridPath);
  const short = shortSearchAddresses().map(datagridPath);
  const pages = pageAddresses(MEMBER_COUNT).map(datagridPath);
  const ids = (await (await fetch(`${url}${pages[0]}`, { headers })).json()).data.items.map(
    (item) => item.id,
  );
  const forms = ids.map((id) => `/api/cms/form/member/${id}`);
  return [
    await measure(`${prefix}datagrid search, ${searches.length} distinct addresses in turn, uncached`, {
      url,
      headers,
      duration,
      warmUp: WARM_UP_SECONDS,
      cpuMs,
      ...inTurn(searches),
    }),
    await measure(
      `${prefix}datagrid search of 1–2 letters, ${short.length} distinct addresses in turn, uncached`,
      {
        url,
        headers,
        duration,
        warmUp: WARM_UP_SECONDS,
        cpuMs,
        ...inTurn(short),
      },
    ),
    await measure(`${prefix}datagrid pages in turn (${pages.length} addresses), uncached`, {
      url,
      headers,
      duration,
      warmUp: WARM_UP_SECONDS,
      cpuMs,
      ...inTurn(pages),
    }),
    await measure(`${prefix}form GET by id, ${forms.length} records in turn`, {
      url,
      headers,
      duration,
      warmUp: WARM_UP_SECONDS,
      cpuMs,
      ...inTurn(forms),
    }),
  ];
}

/** The bare server doing the SQL of the same uncached searches (the ceiling of that work on SQLite). */
export async function benchBareSearch({ dataDir, duration }) {
  const searches = (await searchAddresses()).map(
    ({ s, page, limit, direction }) =>
      `/search?s=${encodeURIComponent(s)}&page=${page}&limit=${limit}&direction=${direction}`,
  );
  const { EXACT_TOTAL_UP_TO } = await import('../../packages/server/src/engine/list/totals.ts');
  const bare = await startBareServer(dataDir, 0, EXACT_TOTAL_UP_TO);
  try {
    return await measure('bare Fastify + better-sqlite3, the same uncached search SQL', {
      url: bare.url,
      duration,
      warmUp: WARM_UP_SECONDS,
      ...inTurn(searches),
    });
  } finally {
    await bare.stop();
  }
}

/** The same address again and again: what the 5-second result cache answers (SQLite only). */
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
    await measure(`datagrid page ${PAGE} by lastName, with total, repeated (cached)`, {
      url: list,
      headers,
      duration,
    }),
  );
  rows.push(await measure('datagrid search s=čer, repeated (cached)', { url: search, headers, duration }));
  rows.push(await measure('form GET by id, repeated', { url: form, headers, duration }));
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
