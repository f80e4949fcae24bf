// The comparison point: Fastify and better-sqlite3 doing only the members list query, in a process of
// its own like the real server. Run directly: `node bare-server.mjs <dataDir>` prints its URL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

async function serve(dataDir, offset) {
  const db = new Database(path.join(dataDir, 'klubovna.sqlite'), { readonly: true });
  const page = db.prepare('select * from members order by last_name_sort asc, id asc limit 25 offset ?');
  const count = db.prepare('select count(*) as total from members');
  const app = Fastify();
  app.get('/list', async () => ({
    data: { items: page.all(offset), total: count.get().total, page: offset / 25 + 1, limit: 25 },
  }));
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
}

export async function startBareServer(dataDir, offset) {
  const child = spawn(process.execPath, [import.meta.filename, dataDir, String(offset)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve) =>
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim())),
  );
  return { url, stop: () => new Promise((resolve) => child.once('exit', resolve) && child.kill()) };
}

if (process.argv[1] === import.meta.filename) await serve(process.argv[2], Number(process.argv[3]));
