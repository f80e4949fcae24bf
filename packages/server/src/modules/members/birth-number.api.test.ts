import { PROFILE_ROLE } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

// Rodné číslo on the member: validated with the birth date and sex, read in full only by the office
// (each reading recorded), masked for a parent, never in lists, exports, imports or the history.
describe.each(testEngines())('a member’s birth number on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let parent: HttpClient;
  let memberId: number;

  const readings = async () =>
    (await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'member')
      .where('record_id', '=', memberId)
      .where('action', '=', 'read')
      .execute()) as Array<{ action: string; changes: string }>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    const created = await root.post('/api/cms/form/member', {
      firstName: 'Eva',
      lastName: 'Rodná',
      birthDate: '1990-01-01',
      gender: 'FEMALE',
      birthNumber: '905101/1233',
    });
    expect(created.status).toBe(201);
    memberId = created.body.data.id;
    const account = await signedInClient(t, { roles: [PROFILE_ROLE] });
    parent = account.client;
    await root.post('/api/cms/form/profile-member', { profile: account.user.id, member: memberId });
  });
  afterAll(() => t.close());

  it('stores it without the slash, with Česko as the default citizenship', async () => {
    const stored = await (t.db as unknown as DynamicDb)
      .selectFrom('members')
      .select(['birth_number', 'citizenship'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ birth_number: '9051011233', citizenship: 'CZ' });
  });

  it('refuses a wrong checksum and one disagreeing with the birth date or sex, in Czech on the field', async () => {
    for (const [body, message] of [
      [{ birthNumber: '900101/1230' }, 'kontrolní číslici'],
      [{ birthNumber: '905101/1233', birthDate: '1990-01-02', gender: 'FEMALE' }, 'datu narození'],
      [{ birthNumber: '905101/1233', birthDate: '1990-01-01', gender: 'MALE' }, 'pohlaví'],
      [{ birthNumber: '545101/123' }, 'před rokem 1954'],
    ] as const) {
      const answer = await root.post('/api/cms/form/member', { firstName: 'A', lastName: 'B', ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.validationErrors[0]).toMatchObject({ path: 'birthNumber' });
      expect(answer.body.validationErrors[0].message).toContain(message);
    }
  });

  it('accepts the nine digits of a birth before 1954 and the +20 months from 2004', async () => {
    for (const [birthNumber, birthDate] of [
      ['535101/123', '1953-01-01'],
      ['042215/1235', '2004-02-15'],
    ]) {
      const answer = await root.post('/api/cms/form/member', {
        firstName: 'A',
        lastName: 'B',
        birthNumber,
        birthDate,
      });
      expect(answer.status).toBe(201);
    }
  });

  it('shows the office the full value and records each reading', async () => {
    const before = (await readings()).length;
    const read = await root.get(`/api/cms/form/member/${memberId}`);
    expect(read.body.data.birthNumber).toBe('9051011233');
    const after = await readings();
    expect(after).toHaveLength(before + 1);
    expect(JSON.parse(after.at(-1)!.changes)).toEqual({ read: ['birthNumber'] });
  });

  it('masks it for a parent, who saves the form back without changing it', async () => {
    const before = (await readings()).length;
    const read = (await parent.get(`/api/cms/form/member/${memberId}`)).body.data;
    expect(read.birthNumber).toBe('******/1233');
    expect(await readings()).toHaveLength(before);
    const saved = await parent.put(`/api/cms/form/member/${memberId}`, {
      ...read,
      phone: '+420 777 111 222',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.birthNumber).toBe('******/1233');
    const change = await parent.put(`/api/cms/form/member/${memberId}`, {
      version: saved.body.data.version,
      birthNumber: '900101/1239',
    });
    expect(change.status).toBe(403);
  });

  it('keeps it out of lists, their columns, exports, the history and the import', async () => {
    const list = await root.get(`/api/cms/datagrid/member?s=Rodná`);
    expect(list.body.data.items[0].birthNumber).toBe('******/1233');
    const schema = await root.get('/api/cms/datagrid/schema/member');
    expect(schema.body.data.columns.map((column: { key: string }) => column.key)).not.toContain(
      'birthNumber',
    );
    const csv = await root.get('/api/cms/datagrid/member/export?format=csv');
    expect(csv.text).not.toContain('Rodné číslo');
    expect(csv.text).not.toContain('9051011233');
    const history = await root.get(`/api/cms/history/member/${memberId}`);
    expect(JSON.stringify(history.body)).not.toContain('9051011233');
    expect(JSON.stringify(history.body)).toContain('******/1233');
    expect((await root.get(`/api/cms/datagrid/member?filter[birthNumber]=9051011233`)).status).toBe(400);
    expect((await root.get(`/api/cms/datagrid/member?sort=birthNumber`)).status).toBe(400);
  });
});
