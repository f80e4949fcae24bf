import { API_PATHS, apiPath } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import type { EntityDeclaration, HookContext } from '../declaration/entity.types.ts';
import { fieldError } from './record-writes.service.ts';

/** What the squad's hooks write beside it: a second table, in the same transaction. */
const logFixture: EntityDeclaration = {
  alias: 'test-squad-log',
  table: 'test_squad_logs',
  labels: { singular: 'Záznam', plural: 'Záznamy' },
  area: 'training',
  screens: 'api-only',
  fields: { message: { kind: 'text', label: 'Zpráva', required: true } },
  defaultSort: { field: 'message', direction: 'asc' },
  searchFields: ['message'],
  labelFields: ['message'],
};

const log = async ({ db }: HookContext, message: string) => {
  const now = new Date().toISOString();
  await db
    .insertInto('test_squad_logs')
    .values({ message, message_sort: message, search_text: '', created_at: now, updated_at: now })
    .execute();
};

const squadFixture: EntityDeclaration = {
  alias: 'test-squad',
  table: 'test_squads',
  labels: { singular: 'Oddíl', plural: 'Oddíly' },
  area: 'training',
  screens: 'api-only',
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 60 },
    code: { kind: 'text', label: 'Kód', maxLength: 10 },
    capacity: { kind: 'integer', label: 'Kapacita', min: 0 },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name'],
  labelFields: ['name'],
  hooks: {
    beforeValidate: ({ data }) =>
      typeof data.code === 'string' ? { ...data, code: data.code.trim().toUpperCase() } : data,
    beforeCreate: ({ data }) => {
      if (data.name === 'Zakázaný') throw fieldError('name', 'Tento název oddílu nelze použít.');
      return { ...data, capacity: data.capacity ?? 12 };
    },
    afterCreate: async (context) => {
      await log(context, `vytvořen ${context.record.name}`);
      if (context.record.name === 'Nedokončený') throw fieldError('name', 'Oddíl se nepodařilo založit.');
    },
    beforeUpdate: async (context) => {
      await log(context, `mění se ${context.previous.name}`);
      if (context.data.name === 'Nedokončený') throw fieldError('name', 'Takto oddíl přejmenovat nelze.');
      return undefined;
    },
    afterUpdate: (context) => log(context, `změněn ${context.record.name}`),
    beforeDelete: async (context) => {
      if (context.previous.code === 'STALY')
        throw new AppError('BAD_REQUEST', 400, 'Stálý oddíl nelze smazat.');
    },
    afterDelete: (context) => log(context, `smazán ${context.previous.name}`),
    afterRestore: (context) => log(context, `obnoven ${context.record.name}`),
    afterRead: ({ record }) => ({ ...record, title: `${record.name} (${record.code ?? 'bez kódu'})` }),
  },
  actions: {
    'create-many': {
      label: 'Založit více oddílů',
      input: z.object({ names: z.array(z.string().min(1).max(60)).min(1).max(20) }),
      run: async ({ input, records }) => {
        const created = [];
        for (const name of input.names) created.push(await records.create('test-squad', { name }));
        return { created: created.length };
      },
    },
    close: {
      label: 'Uzavřít oddíl',
      path: '/api/test/oddily/:id/uzavrit',
      access: 'write',
      input: z.object({ reason: z.string().min(3) }),
      run: async (context) => {
        const { record, records, input } = context;
        await log(context, `uzavřen ${record!.name}: ${input.reason}`);
        return records.update('test-squad', record!.id, { capacity: 0, version: record!.version });
      },
    },
    summary: {
      label: 'Přehled oddílů',
      method: 'GET',
      access: 'read',
      input: z.object({ prefix: z.string().max(20).default('') }),
      run: async ({ db, input }) => {
        const rows = await db
          .selectFrom('test_squads')
          .select('name')
          .where('name', 'like', `${input.prefix}%`)
          .execute();
        return { count: rows.length };
      },
    },
  },
};

describe.each(testEngines())('lifecycle hooks and actions on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const logs = async () =>
    (
      await t.db
        .selectFrom('test_squad_logs' as never)
        .select('message' as never)
        .orderBy('id' as never)
        .execute()
    ).map((row) => (row as { message: string }).message);
  const squads = async () =>
    (
      await t.db
        .selectFrom('test_squads' as never)
        .select('name' as never)
        .orderBy('id' as never)
        .execute()
    ).map((row) => (row as { name: string }).name);
  const create = (body: Record<string, unknown>) => root.post('/api/cms/form/test-squad', body);

  beforeAll(async () => {
    t = await startTestApp(engine, {}, {}, { product: false, fixtures: [logFixture, squadFixture] });
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('changes the data before validation and before the insert, writes beside it, and shows the record through afterRead', async () => {
    const response = await create({ name: 'Benjamínci', code: ' bj ' });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({
      name: 'Benjamínci',
      code: 'BJ',
      capacity: 12,
      title: 'Benjamínci (BJ)',
    });
    expect(await logs()).toEqual(['vytvořen Benjamínci']);
    const list = await root.get('/api/cms/datagrid/test-squad');
    expect(list.body.data.items[0].title).toBe('Benjamínci (BJ)');
  });

  it('refuses with a Czech 400 pointing at the field and keeps nothing', async () => {
    const response = await create({ name: 'Zakázaný' });
    expect(response.status).toBe(400);
    expect(response.body.validationErrors).toEqual([
      { path: 'name', message: 'Tento název oddílu nelze použít.' },
    ]);
    expect(await squads()).toEqual(['Benjamínci']);
  });

  it('rolls back the record and what the hooks wrote together when a later hook refuses', async () => {
    const before = await logs();
    const created = await create({ name: 'Nedokončený' });
    expect(created.status).toBe(400);
    expect(await squads()).toEqual(['Benjamínci']);
    expect(await logs()).toEqual(before);

    const squad = (await create({ name: 'Žáci' })).body.data;
    const afterCreate = await logs();
    const renamed = await root.put(`/api/cms/form/test-squad/${squad.id}`, {
      version: squad.version,
      name: 'Nedokončený',
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toBe('Takto oddíl přejmenovat nelze.');
    expect(await logs()).toEqual(afterCreate);
    const ok = await root.put(`/api/cms/form/test-squad/${squad.id}`, {
      version: squad.version,
      name: 'Mladší žáci',
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await logs()).slice(afterCreate.length)).toEqual(['mění se Žáci', 'změněn Mladší žáci']);
  });

  it('runs delete hooks once per record and lets beforeDelete refuse the whole bulk delete', async () => {
    const keep = (await create({ name: 'Stálý', code: 'staly' })).body.data;
    const go = (await create({ name: 'Dočasný' })).body.data;
    const refused = await root.post('/api/cms/datagrid/test-squad/delete', { ids: [go.id, keep.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Stálý oddíl nelze smazat.');
    expect(await squads()).toContain('Dočasný');
    const deleted = await root.delete(`/api/cms/form/test-squad/${go.id}`);
    expect(deleted.status).toBe(200);
    expect((await logs()).at(-1)).toBe('smazán Dočasný');
  });

  it('serves actions on their own routes with Zod input, the area’s access, one transaction and an audit row', async () => {
    const before = await squads();
    const failed = await root.post('/api/cms/action/test-squad/create-many', {
      names: ['Přípravka', 'Zakázaný'],
    });
    expect(failed.status).toBe(400);
    expect(await squads()).toEqual(before);
    const many = await root.post('/api/cms/action/test-squad/create-many', {
      names: ['Přípravka', 'Dorost'],
    });
    expect(many.status, many.text).toBe(200);
    expect(many.body.data).toEqual({ created: 2 });

    const squad = (await create({ name: 'Veteráni' })).body.data;
    const closed = await root.post(`/api/test/oddily/${squad.id}/uzavrit`, { reason: 'konec sezóny' });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.data).toMatchObject({ name: 'Veteráni', capacity: 0, version: squad.version + 1 });
    expect(await logs()).toContain('uzavřen Veteráni: konec sezóny');
    expect((await root.post('/api/test/oddily/999999/uzavrit', { reason: 'nic' })).status).toBe(404);
    expect((await root.post(`/api/test/oddily/${squad.id}/uzavrit`, { reason: 'x' })).status).toBe(400);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['record_id', 'changes'])
      .where('entity', '=', 'test-squad')
      .where('action', '=', 'action')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [Number(row.record_id), JSON.parse(row.changes)])).toEqual([
      [0, { action: 'create-many', input: { names: ['Přípravka', 'Dorost'] } }],
      [squad.id, { action: 'close', input: { reason: 'konec sezóny' } }],
    ]);

    const auditedBefore = await t.db.selectFrom('audit_log').select('id').execute();
    const summary = await root.get('/api/cms/action/test-squad/summary?prefix=D');
    expect(summary.body.data).toEqual({ count: 1 });
    expect(await t.db.selectFrom('audit_log').select('id').execute(), 'a read leaves no audit row').toEqual(
      auditedBefore,
    );
    expect((await t.client().get('/api/cms/action/test-squad/summary')).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get('/api/cms/action/test-squad/summary')).status).toBe(403);
    expect((await salesman.post(`/api/test/oddily/${squad.id}/uzavrit`, { reason: 'konec' })).status).toBe(
      403,
    );
  });

  it('runs afterRestore after the create hooks when a record comes back from the trash', async () => {
    const gone = (await create({ name: 'Obnovený' })).body.data;
    expect((await root.delete(`/api/cms/form/test-squad/${gone.id}`)).status).toBe(200);
    const trash = await root.get(`${API_PATHS.trash}?entity=test-squad`);
    const entry = trash.body.data.items.find((item: { recordId: number }) => item.recordId === gone.id);
    const restored = await root.post(apiPath(API_PATHS.trashRestore, { id: entry.id }), {});
    expect(restored.status, restored.text).toBe(200);
    expect((await logs()).slice(-3)).toEqual(['smazán Obnovený', 'vytvořen Obnovený', 'obnoven Obnovený']);
  });
});
