import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsSent } from '../../db/database.ts';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

// A form's GET is asked at every opening of a record. On PostgreSQL a session this instance has looked
// up is taken on trust and proved by the record's own statement, as the datagrid's page proves it.
describe.each(testEngines())('a form GET on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let memberId: number;

  const form = (client: HttpClient) => client.get(`/api/cms/form/member/${memberId}`);
  const readings = async () =>
    (
      await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'member')
        .where('record_id', '=', memberId)
        .where('action', '=', 'read')
        .execute()
    ).length;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    const created = await root.post('/api/cms/form/member', {
      firstName: 'Olga',
      lastName: 'Formulářová',
      birthDate: '1990-01-01',
      gender: 'FEMALE',
      birthNumber: '905101/1233',
    });
    expect(created.status).toBe(201);
    memberId = created.body.data.id;
  });
  afterAll(() => t.close());

  if (engine === 'postgres')
    it('reads the record in one statement, which also proves the session', async () => {
      const { client } = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
      // Without a birth number, whose reading by the office would be written into the audit trail.
      const created = await root.post('/api/cms/form/member', { firstName: 'Ida', lastName: 'Jednoduchá' });
      const path = `/api/cms/form/member/${created.body.data.id}`;
      // The first request looks the session up; from then on it is taken on trust.
      expect((await client.get(path)).status).toBe(200);
      const before = statementsSent(t.db)!;
      for (let round = 0; round < 5; round += 1) {
        const answer = await client.get(path);
        expect([answer.status, answer.body.data.lastName]).toEqual([200, 'Jednoduchá']);
      }
      expect(statementsSent(t.db)! - before).toBe(5);
    });

  it('refuses at once a session whose roles changed or which was signed out', async () => {
    const { client, user } = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
    for (let round = 0; round < 2; round += 1) expect((await form(client)).status).toBe(200);
    await t.db.updateTable('users').set({ roles: '["ROLE_SALESMAN"]' }).where('id', '=', user.id).execute();
    expect((await form(client)).status).toBe(403);
    await t.db.updateTable('users').set({ roles: '["ROLE_ADMIN"]' }).where('id', '=', user.id).execute();
    expect((await form(client)).status).toBe(200);

    const copy = t.client();
    copy.cookies.set('klubovna_session', client.cookies.get('klubovna_session')!);
    expect((await client.post('/api/logout')).status).toBe(200);
    const before = await readings();
    expect((await form(copy)).status).toBe(401);
    // The office's reading of the birth number is recorded only for a session that stood.
    expect(await readings()).toBe(before);
    expect((await form(root)).status).toBe(200);
    expect(await readings()).toBe(before + 1);
  });

  it('answers 404 for a record that does not exist, and the session still holds', async () => {
    expect((await root.get('/api/cms/form/member/987654')).status).toBe(404);
    expect((await form(root)).status).toBe(200);
  });
});
