// The comparison point: Fastify and better-sqlite3 doing only the members list query, or only the SQL of
// an uncached search (its capped count, its page of ids, its rows), in a process of its own like the
// real server. Run directly: `node bare-server.mjs <dataDir>` prints its URL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

async function serve(dataDir, offset, exactUpTo) {
  const db = new Database(path.join(dataDir, 'klubovna.sqlite'), { readonly: true });
  const page = db.prepare('select * from members order by last_name_sort asc, id asc limit 25 offset ?');
  const count = db.prepare('select count(*) as total from members');
  const app = Fastify();
  app.get('/list', async () => ({
    data: { items: page.all(offset), total: count.get().total, page: offset / 25 + 1, limit: 25 },
  }));
  // The statements the server runs for a one-word search of three letters or more, with the cache off.
  const match = 'select rowid from members_search where members_search match ?';
  const capped = db.prepare(
    `select count(*) as total from (select 1 from members_search where members_search match ? limit ${exactUpTo + 1})`,
  );
  const ids = {};
  for (const direction of ['asc', 'desc']) {
    const order = `order by last_name_sort ${direction}, id ${direction} limit ? offset ?`;
    ids[direction] = {
      sorted: db.prepare(`select id from members where id in (${match}) ${order}`).pluck(),
      walked: db.prepare(`select id from members where +id in (${match}) ${order}`).pluck(),
      byCount: new Map(),
      rows(count) {
        if (!this.byCount.has(count))
          this.byCount.set(
            count,
            db.prepare(
              `select * from members where id in (${Array(count).fill('?').join(',')}) order by last_name_sort ${direction}, id ${direction}`,
            ),
          );
        return this.byCount.get(count);
      },
    };
  }
  app.get('/search', async (request) => {
    const { s, direction } = request.query;
    const limit = Number(request.query.limit);
    const pageNumber = Number(request.query.page);
    const phrase = `"${s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}"`;
    const counted = capped.get(phrase).total;
    const statements = ids[direction];
    const found = (counted > exactUpTo ? statements.walked : statements.sorted).all(
      phrase,
      limit,
      (pageNumber - 1) * limit,
    );
    const items = found.length > 0 ? statements.rows(found.length).all(...found) : [];
    return {
      data: {
        items,
        total: Math.min(counted, exactUpTo),
        totalApproximate: counted > exactUpTo,
        page: pageNumber,
        limit,
      },
    };
  });
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
}

/** `exactUpTo`: the server's EXACT_TOTAL_UP_TO, where a search stops counting and starts walking. */
export async function startBareServer(dataDir, offset, exactUpTo = 0) {
  const child = spawn(process.execPath, [import.meta.filename, dataDir, String(offset), String(exactUpTo)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve) =>
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim())),
  );
  return { url, stop: () => new Promise((resolve) => child.once('exit', resolve) && child.kill()) };
}

if (process.argv[1] === import.meta.filename)
  await serve(process.argv[2], Number(process.argv[3]), Number(process.argv[4]));
