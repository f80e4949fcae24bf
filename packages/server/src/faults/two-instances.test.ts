import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { nowIso } from '../db/dialect.ts';
import { ANCHOR_EVERY } from '../engine/list/anchors.ts';
import { hashPassword } from '../modules/auth/secrets.ts';
import { userNameColumns } from '../modules/auth/user-declaration.ts';
import { seedMembers } from '../modules/members/seed-members.ts';
import { HttpClient } from '../test/http-client.ts';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';
import { createPostgresSchema, type PostgresSchema, testEngines } from '../test/test-app.ts';

/** A client of instance `url` carrying the session cookie `from` got elsewhere. */
function sameSession(from: HttpClient, url: string): HttpClient {
  const client = new HttpClient(url);
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

/** Several instances share one database only on PostgreSQL (a SQLite file belongs to one process). */
describe.runIf(testEngines().includes('postgres'))('two app instances on one PostgreSQL database', () => {
  let database: PostgresSchema;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let sequence = 0;

  beforeAll(async () => {
    database = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-two-'));
    const env = { DATABASE_URL: database.databaseUrl, DATA_DIR: dataDir };
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A user created as an administrator would, signed in on instance A. */
  async function signedInUser(roles: Role[]) {
    sequence += 1;
    const email = `dvojice${sequence}@klub.test`;
    const password = 'heslo pro dvě instance';
    const now = nowIso();
    const hash = (await hashPassword(password)).replaceAll("'", "''");
    // The names with what the engine derives from them (sort keys, search text), as an account write has.
    const names = Object.entries(userNameColumns({ firstName: 'Eva', lastName: 'Dvojí', email }));
    const { rows } = await database.query(
      `insert into users (${names.map(([column]) => column).join(', ')}, password_hash, roles, active, invitation, created_at, updated_at)
       values (${names.map(([, value]) => `'${value.replaceAll("'", "''")}'`).join(', ')}, '${hash}', '${JSON.stringify(roles)}', true, 'none', '${now}', '${now}') returning id`,
    );
    const client = new HttpClient(a.url);
    await client.login(email, password);
    return { id: rows[0].id as number, email, password, client };
  }

  /** Warms whatever instance B may cache about the session, then returns B's view of it. */
  async function warmOnB(client: HttpClient) {
    const onB = sameSession(client, b.url);
    for (let round = 0; round < 3; round += 1) expect((await onB.get('/api/cms/user')).status).toBe(200);
    return onB;
  }

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const { client } = await signedInUser(['ROLE_ADMIN']);
    const onB = await warmOnB(client);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await onB.get('/api/cms/user')).status).toBe(401);
  });

  it('a password change on one instance ends the other sessions on the other at once', async () => {
    const first = await signedInUser(['ROLE_ADMIN']);
    const second = new HttpClient(a.url);
    await second.login(first.email, first.password);
    const firstOnB = await warmOnB(first.client);
    const secondOnB = await warmOnB(second);
    const changed = await first.client.post('/api/cms/me/password', {
      currentPassword: first.password,
      newPassword: 'nové heslo pro obě instance',
    });
    expect(changed.status).toBe(200);
    expect((await secondOnB.get('/api/cms/user')).status).toBe(401);
    expect((await firstOnB.get('/api/cms/user')).status).toBe(200);
  });

  it('a changed role or a deactivation holds on every instance at once', async () => {
    const user = await signedInUser(['ROLE_ADMIN']);
    const onB = await warmOnB(user.client);
    expect((await onB.get('/api/cms/datagrid/member')).status).toBe(200);
    await database.query(
      `update users set roles = '["ROLE_SALESMAN"]', version = version + 1 where id = ${user.id}`,
    );
    expect((await onB.get('/api/cms/datagrid/member')).status).toBe(403);
    expect((await user.client.get('/api/cms/datagrid/member')).status).toBe(403);
    expect((await onB.get('/api/cms/user')).body.data.user.roles).toEqual(['ROLE_SALESMAN']);
    await database.query(`update users set active = false where id = ${user.id}`);
    expect((await onB.get('/api/cms/user')).status).toBe(401);
  });

  it("B's datagrid takes a session on trust only while its page proves nothing about sessions changed", async () => {
    const user = await signedInUser(['ROLE_ADMIN']);
    const created = await user.client.post('/api/cms/form/member', {
      firstName: 'Věra',
      lastName: 'Důvěrná',
    });
    expect(created.status).toBe(201);
    try {
      await provesTrust(user);
    } finally {
      // Later tests count the members from none.
      await database.query(`delete from members where id = ${created.body.data.id}`);
    }
  });

  /** Signed in on A, the user's session on B through changes made past both instances. */
  async function provesTrust(user: Awaited<ReturnType<typeof signedInUser>>) {
    const onB = sameSession(user.client, b.url);
    const list = async (query = 's=duverna') => (await onB.get(`/api/cms/datagrid/member?${query}`)).status;
    // The first request looks the session up on B; the next ones take it on trust and prove it.
    for (let round = 0; round < 3; round += 1) expect(await list()).toBe(200);
    // Changes made past both instances, as a third one would make them.
    await database.query(
      `update users set roles = '["ROLE_SALESMAN"]', version = version + 1 where id = ${user.id}`,
    );
    expect(await list()).toBe(403);
    // Refused as the session was taken (a salesman), granted as it is now.
    await database.query(
      `update users set roles = '["ROLE_ADMIN"]', version = version + 1 where id = ${user.id}`,
    );
    expect(await list()).toBe(200);
    expect(await list()).toBe(200);
    await database.query(
      `insert into app_settings (key, value, updated_at) values ('security.twoFactorForAdmins', 'true', '${nowIso()}')`,
    );
    try {
      const owed = await onB.get('/api/cms/datagrid/member?s=duverna');
      expect([owed.status, owed.body.error?.code]).toEqual([403, 'TWO_FACTOR_SETUP_REQUIRED']);
    } finally {
      await database.query(`delete from app_settings where key = 'security.twoFactorForAdmins'`);
    }
    expect(await list()).toBe(200);
    expect(await list()).toBe(200);
    expect((await user.client.post('/api/logout')).status).toBe(200);
    // A page with rows carries the proof; an empty one cannot, and the session is looked up.
    expect(await list()).toBe(401);
    expect(await list('s=nikdotakneni')).toBe(401);

    const other = await signedInUser(['ROLE_ADMIN']);
    const otherOnB = sameSession(other.client, b.url);
    for (let round = 0; round < 2; round += 1)
      expect((await otherOnB.get('/api/cms/datagrid/member?s=duverna')).status).toBe(200);
    await database.query(`update users set active = false where id = ${other.id}`);
    expect((await otherOnB.get('/api/cms/datagrid/member?s=duverna')).status).toBe(401);
  }

  it('a record saved on one instance is seen fresh on the other: lists, totals, searches and forms', async () => {
    const { client } = await signedInUser(['ROLE_ADMIN']);
    const onB = await warmOnB(client);
    const grid = async (query: string) => (await onB.get(`/api/cms/datagrid/member?${query}`)).body.data;
    // Read twice on B, so that any cache of B holds these answers.
    for (let round = 0; round < 2; round += 1) {
      expect((await grid('limit=10')).total).toBe(0);
      expect((await grid('s=dvojcatova')).total).toBe(0);
    }
    const created = await client.post('/api/cms/form/member', { firstName: 'Iva', lastName: 'Dvojčatová' });
    expect(created.status).toBe(201);
    const { id, version } = created.body.data;
    expect((await grid('limit=10')).total).toBe(1);
    expect((await grid('s=dvojcatova')).items.map((item: { id: number }) => item.id)).toEqual([id]);

    const renamed = await client.put(`/api/cms/form/member/${id}`, { version, lastName: 'Jednočetná' });
    expect(renamed.status).toBe(200);
    expect((await onB.get(`/api/cms/form/member/${id}`)).body.data.lastName).toBe('Jednočetná');
    expect((await grid('s=dvojcatova')).total).toBe(0);
    expect((await grid('s=jednocetna')).total).toBe(1);
    const stale = await onB.put(`/api/cms/form/member/${id}`, { version, note: 'pozdě' });
    expect(stale.status).toBe(409);

    expect((await client.delete(`/api/cms/form/member/${id}`)).status).toBe(200);
    expect(await grid('limit=10')).toMatchObject({ total: 0, items: [] });
  });

  it("a list's far pages and one-letter searches on one instance follow the other's writes", async () => {
    const { client } = await signedInUser(['ROLE_ADMIN']);
    const onB = await warmOnB(client);
    const grid = async (query: string) => (await onB.get(`/api/cms/datagrid/member?${query}`)).body.data;
    const ids = (data: { items: Array<{ id: number }> }) => data.items.map((item) => item.id);
    const add = async (lastName: string) =>
      expect((await client.post('/api/cms/form/member', { firstName: 'Ota', lastName })).status).toBe(201);
    for (const lastName of ['Bárta', 'Cibulka', 'Dvořák', 'Erben', 'Fiala', 'Hora']) await add(lastName);
    // B walks the last page from the list's end by the count it read last: six.
    expect(ids(await grid('limit=2&page=3'))).toEqual(ids(await grid('limit=100')).slice(4, 6));
    await add('Adámek');
    const all = ids(await grid('s=ota&limit=100'));
    expect(all).toHaveLength(7);
    expect(ids(await grid('limit=2&page=3'))).toEqual(all.slice(4, 6));
    expect(await grid('limit=2&page=4')).toMatchObject({ total: 7 });
    expect(ids(await grid('limit=2&page=3&direction=desc'))).toEqual([...all].reverse().slice(4, 6));
    // One letter: the word starts A wrote are walked on B.
    expect((await grid('s=a')).items.map((item: { lastName: string }) => item.lastName)).toEqual(['Adámek']);
  });

  it("a list's far pages, walked from anchors on one instance, follow the other's moved sort keys", async () => {
    const { client } = await signedInUser(['ROLE_ADMIN']);
    const onB = await warmOnB(client);
    const seeding = openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      dataDir,
      schema: database.schema,
    });
    try {
      await seedMembers(seeding.db, 3 * ANCHOR_EVERY);
    } finally {
      await seeding.close();
    }
    const inOrder = async () =>
      (await database.query('select id from members order by last_name_sort, id')).rows.map((row) => row.id);
    // Far from both ends: B reads the anchors with the first and walks the second from them.
    const farPage = async () =>
      (await onB.get('/api/cms/datagrid/member?limit=25&page=30')).body.data.items.map(
        (item: { id: number }) => item.id,
      );
    for (let read = 0; read < 2; read += 1)
      expect(await farPage()).toEqual((await inOrder()).slice(725, 750));
    // A moves an early member to the list's end: the same count, every later row one place up.
    const early = (await inOrder())[3];
    const current = (await client.get(`/api/cms/form/member/${early}`)).body.data;
    expect(
      (await client.put(`/api/cms/form/member/${early}`, { ...current, lastName: 'Žůžalová' })).status,
    ).toBe(200);
    expect(await farPage()).toEqual((await inOrder()).slice(725, 750));
  });
});
