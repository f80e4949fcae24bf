// The same members datagrid on PostgreSQL, in a schema of its own that is dropped afterwards, right after
// the members came in through the import call (the statistics as the import leaves them).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { benchGroupSave } from './group-save.mjs';
import { benchImport } from './import.mjs';
import { measure } from './measure.mjs';
import { benchUncached, listUrl, MEMBER_COUNT } from './members.mjs';
import { seedThroughImport } from './seed-through-api.mjs';
import { startServer } from './server-process.mjs';
import { benchTrainer, signInTrainer } from './trainer.mjs';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_DATABASE_URL, else the local PostgreSQL when it answers; undefined when there is none. */
export async function postgresUrl() {
  const url = process.env.BENCH_DATABASE_URL ?? LOCAL_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch (error) {
    if (process.env.BENCH_DATABASE_URL) throw error;
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function run(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function benchPostgres({ url, admin, duration, signIn }) {
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await run(url, `create schema ${schema}`);
  const rows = [];
  let importRun;
  let groupSave;
  try {
    const databaseUrl = new URL(url);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    const server = await startServer({
      DATABASE_URL: databaseUrl.toString(),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    try {
      const cookie = await signIn(server.url);
      const headers = { cookie };
      const seedMs = await seedThroughImport({ url: server.url, cookie, count: MEMBER_COUNT });
      console.log(
        `PostgreSQL: imported ${MEMBER_COUNT} members through the import call in ${seedMs} ms (schema ${schema})`,
      );
      rows.push(
        ...(await benchUncached({
          url: server.url,
          cookie,
          prefix: 'PostgreSQL: ',
          duration,
          cpuMs: server.cpuMs,
        })),
      );
      const trainerCookie = await signInTrainer({ url: server.url, cookie });
      for (const row of await benchTrainer({
        url: server.url,
        cookie: trainerCookie,
        duration,
        cpuMs: server.cpuMs,
      }))
        rows.push({ ...row, title: `PostgreSQL: ${row.title}` });
      const search = `${server.url}/api/cms/datagrid/member?s=${encodeURIComponent('čer')}&limit=25&sort=lastName`;
      rows.push(
        await measure('PostgreSQL: datagrid page 200, with total, repeated (no cache)', {
          url: listUrl(server.url),
          headers,
          duration,
        }),
      );
      rows.push(
        await measure('PostgreSQL: datagrid search s=čer, repeated (no cache)', {
          url: search,
          headers,
          duration,
        }),
      );
      rows.push(
        await measure('PostgreSQL: GET /api/cms/user (session lookup)', {
          url: `${server.url}/api/cms/user`,
          headers,
          duration,
        }),
      );
      groupSave = await benchGroupSave({ url: server.url, cookie });
      // Last: the import's 10,000 members would change what the runs above read.
      importRun = await benchImport({ url: server.url, cookie });
    } finally {
      await server.stop();
    }
  } finally {
    await run(url, `drop schema ${schema} cascade`);
  }
  return { rows, importRun, groupSave };
}
