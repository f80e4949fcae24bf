// The comparison point: Fastify and better-sqlite3 doing only the members list query, or only the SQL of
// an uncached search (its capped count, its page of ids, its rows), in a process of its own like the
// real server. Run directly: `node bare-server.mjs <dataDir>` prints its URL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

async function serve(dataDir, offset, exactUpTo) {
  const db = new Database(path.join(dataDir, 'klubovna.sqlite'), { readonly: true });
  // Reads map the file, as the server's do (db/database.ts).
  db.pragma('mmap_size = 268435456');
  const page = db.prepare('select * from members order by last_name_sort asc, id asc limit 25 offset ?');
  const count = db.prepare('select count(*) as total from members');
  const app = Fastify();
  app.get('/list', async () => ({
    data: { items: page.all(offset), total: count.get().total, page: offset / 25 + 1, limit: 25 },
  }));
  // The statements the server runs for a one-word search of three letters or more by surname, with the
  // cache off: the capped count, then the page's rows straight from the index in surname order.
  const capped = db.prepare(
    `select count(*) as total from (select 1 from members_search where members_search match ? limit ${exactUpTo + 1})`,
  );
  // The columns a member record is made of, as the server reads them.
  const columns = [
    'id',
    'version',
    'last_name',
    'first_name',
    'birth_date',
    'gender',
    'photo',
    'email',
    'phone',
    'address',
    'member_type',
    'registration_number',
    'active',
    'note',
  ].map((column) => `t.${column}`);
  const pageRows = {};
  for (const direction of ['asc', 'desc'])
    pageRows[direction] = db.prepare(
      `select ${columns} from (select rowid as rank from members_ranked where members_ranked match ? order by rowid ${direction} limit ? offset ?) as page
       join members_rank r on r.rank = page.rank join members t on t.id = r.id order by page.rank ${direction}`,
    );
  app.get('/search', async (request) => {
    const { s, direction } = request.query;
    const limit = Number(request.query.limit);
    const pageNumber = Number(request.query.page);
    const phrase = `"${s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}"`;
    const counted = capped.get(phrase).total;
    const items = pageRows[direction].all(phrase, limit, (pageNumber - 1) * limit);
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
