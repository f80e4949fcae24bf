import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../test/http-client.ts';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';
import { createPostgresSchema, type PostgresSchema, TEST_ADMIN, testEngines } from '../test/test-app.ts';
import { checkSqlite } from './database-check.ts';
import { canMountTmpfs, filesUnder, mountSmallDisk, type SmallDisk } from './small-disk.ts';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  Buffer.alloc(2 * 1024 * 1024, 0x20),
]);

function upload(client: HttpClient) {
  const form = new FormData();
  form.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'zápis.pdf');
  return client.request('POST', '/api/cms/files/upload', undefined, {
    rawBody: form,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
}

/** Tables PostgreSQL keeps on the small disk: the ones a member's save writes to. */
const TABLES_ON_SMALL_DISK = ['members', 'audit_log'];

describe.runIf(canMountTmpfs())('a full disk', () => {
  describe.each(testEngines())('under the database and the uploads on %s', (engine) => {
    let disk: SmallDisk;
    let dataDir: string;
    let database: PostgresSchema | undefined;
    let server: ServerProcess;
    let root: HttpClient;
    const saved: number[] = [];

    beforeAll(async () => {
      disk = mountSmallDisk(32);
      dataDir = path.join(disk.dir, 'data');
      fs.mkdirSync(dataDir);
      if (engine === 'postgres') {
        database = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
        const tablespaceDir = path.join(disk.dir, 'pg');
        fs.mkdirSync(tablespaceDir);
        const { uid, gid } = fs.statSync('/var/lib/postgresql');
        fs.chownSync(tablespaceDir, uid, gid);
        await database.query(`create tablespace ${database.schema} location '${tablespaceDir}'`);
      }
      server = await spawnServer({
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.databaseUrl } : {}),
      });
      for (const table of database ? TABLES_ON_SMALL_DISK : [])
        await database!.query(`alter table ${table} set tablespace ${database!.schema}`);
      root = new HttpClient(server.url);
      await root.login(TEST_ADMIN.email, TEST_ADMIN.password);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      if (database) {
        await database.drop();
        // Empty once the schema's tables are gone; dropped over a connection of its own.
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop tablespace if exists ${database.schema}`);
        await client.end();
      }
      disk?.unmount();
    });

    const save = (index: number) =>
      root.post('/api/cms/form/member', {
        firstName: 'Plná',
        lastName: `Disková ${index}`,
        note: 'ř'.repeat(4000),
      });

    it('answers saves with 507 and a Czech message, keeps serving reads, and leaves no partial upload', async () => {
      expect((await save(0)).status).toBe(201);
      disk.fill();
      let refused: Awaited<ReturnType<typeof save>> | undefined;
      for (let index = 1; index <= 500 && !refused; index += 1) {
        const response = await save(index);
        if (response.status === 201) saved.push(response.body.data.id);
        else refused = response;
      }
      expect(refused?.status, `${refused?.text}\n${server.output()}`).toBe(507);
      expect(refused!.body.error).toMatchObject({ code: 'INSUFFICIENT_STORAGE', status: 507 });
      expect(refused!.body.error.message).toMatch(/^Na serveru došlo místo na disku/);

      const list = await root.get('/api/cms/datagrid/member?limit=1');
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(saved.length + 1);
      expect((await root.get('/api/cms/user')).status).toBe(200);
      if (saved[0]) expect((await root.get(`/api/cms/form/member/${saved[0]}`)).status).toBe(200);

      const health = (await new HttpClient(server.url).get('/api/health')).body.data;
      expect(health).toMatchObject({ status: 'degraded', disk: { status: 'full' } });

      const uploaded = await upload(root);
      expect(uploaded.status, uploaded.text).toBe(507);
      expect(filesUnder(path.join(dataDir, 'files'))).toEqual([]);
      expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    });

    it('resumes writing without a restart once space is freed, and the health endpoint says so', async () => {
      disk.free();
      const resumed = await save(1000);
      expect(resumed.status, `${resumed.text}\n${server.output()}`).toBe(201);
      saved.push(resumed.body.data.id);
      expect((await new HttpClient(server.url).get('/api/health')).body.data.disk.status).toBe('ok');
      expect((await upload(root)).status).toBe(200);
      const list = await root.get('/api/cms/datagrid/member?s=diskova&limit=100');
      const listed = new Set(list.body.data.items.map((item: { id: number }) => item.id));
      expect(saved.filter((id) => !listed.has(id))).toEqual([]);
      if (engine === 'sqlite') {
        await server.stop();
        expect(checkSqlite(dataDir).problems).toEqual([]);
      }
    });
  });
});
