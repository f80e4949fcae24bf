import type { Role } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { startTestApp, TEST_ADMIN, type TestApp, testEngines } from '../../test/test-app.ts';
import { assertRolesChange, grantsMore } from './users.rules.ts';

const LINK = /https:\/\/klub\.test\/admin\/renew-password\/([A-Za-z0-9_-]+)/;
const PASSWORD = 'koně běží po louce';

describe('role rules', () => {
  const trainer = { id: 5, roles: ['ROLE_USER'] as Role[] };
  it('calls it a raise when the new roles grant any access of the matrix the old ones did not', () => {
    expect(grantsMore(['ROLE_USER'], ['ROLE_USER', 'ROLE_SALESMAN'])).toBe(true);
    expect(grantsMore(['ROLE_ADMIN'], ['ROLE_ADMIN', 'ROLE_USER'])).toBe(false);
    expect(grantsMore(['ROLE_ROOT'], ['ROLE_ADMIN'])).toBe(false);
    expect(() => assertRolesChange(trainer, 5, ['ROLE_USER'], ['ROLE_SALESMAN'])).toThrow(
      'Vlastní role si nikdo zvýšit nemůže.',
    );
    expect(() => assertRolesChange(trainer, 6, ['ROLE_USER'], ['ROLE_SALESMAN'])).not.toThrow();
  });
});

describe.each(testEngines())('CMS users on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let root: HttpClient;
  let admin: HttpClient;
  let adminId: number;
  let sequence = 0;
  const email = (name: string) => {
    sequence += 1;
    return `${name}-${sequence}@klub.test`;
  };
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    email: email('novy'),
    password: PASSWORD,
    firstName: 'Věra',
    lastName: 'Šťastná',
    roles: ['ROLE_USER'],
    active: true,
    ...overrides,
  });
  const read = async (client: HttpClient, id: number) => {
    const response = await client.get(`/api/cms/form/user/${id}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const edit = async (client: HttpClient, id: number, changes: Record<string, unknown>) => {
    const { email, firstName, lastName, roles, active, version } = await read(client, id);
    return client.put(`/api/cms/form/user/${id}`, {
      email,
      firstName,
      lastName,
      roles,
      active,
      version,
      ...changes,
    });
  };
  /** Sends only the changed fields: the first root, made from the environment, has no names to resend. */
  const editOnly = async (client: HttpClient, id: number, changes: Record<string, unknown>) => {
    const { version } = await read(client, id);
    return client.put(`/api/cms/form/user/${id}`, { version, ...changes });
  };
  const invitationLink = async (to: string, after: number) => {
    const deadline = Date.now() + 10_000;
    while (smtp.mails.filter((mail) => mail.to.includes(to)).length <= after && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const mail = await smtp.waitFor(to);
    expect(mail.subject).toBe('Pozvánka do Klubovny');
    expect(mail.text).toContain('platí 7 dní a jen jednou');
    return LINK.exec(mail.text)![1]!;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(engine, { PUBLIC_URL: 'https://klub.test', SMTP_URL: smtp.url });
    root = await t.signedInAsRoot();
    const signed = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
    admin = signed.client;
    adminId = signed.user.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('creates a user who can sign in, refuses a taken e-mail in any case and a common password', async () => {
    const body = newUser({ email: email('Vera.Stastna').toUpperCase() });
    const created = await admin.post('/api/admin/user/create-user', body);
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      email: body.email.toLowerCase(),
      firstName: 'Věra',
      roles: ['ROLE_USER'],
      active: true,
      invitation: 'none',
      lastLoginAt: null,
    });
    expect(created.body.data).not.toHaveProperty('password');
    const client = t.client();
    await client.login(body.email.toLowerCase(), PASSWORD);
    expect((await read(admin, created.body.data.id)).lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const twice = await admin.post(
      '/api/admin/user/create-user',
      newUser({ email: body.email.toLowerCase() }),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.validationErrors).toEqual([
      { path: 'email', message: 'Tento e-mail už používá jiný uživatel.' },
    ]);
    const common = await admin.post('/api/admin/user/create-user', newUser({ password: 'Password123' }));
    expect(common.status).toBe(400);
    expect(common.body.validationErrors).toEqual([
      { path: 'password', message: 'Toto heslo je mezi nejčastěji uniklými hesly. Zvolte jiné.' },
    ]);
    const short = await admin.post('/api/admin/user/create-user', newUser({ password: 'krátké' }));
    expect(short.body.validationErrors[0]).toEqual({
      path: 'password',
      message: 'Heslo musí mít alespoň 8 znaků.',
    });
    const noRole = await admin.post('/api/admin/user/create-user', newUser({ roles: [] }));
    expect(noRole.body.validationErrors[0]).toEqual({ path: 'roles', message: 'Vyberte aspoň jednu roli.' });
  });

  it('refuses undeclared fields and a password in an edit, storing nothing', async () => {
    const extra = await admin.post('/api/admin/user/create-user', newUser({ passwordHash: 'x', id: 1 }));
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('VALIDATION_FAILED');
    const user = await createUser(t, { roles: ['ROLE_USER'] });
    const withPassword = await edit(admin, user.id, { password: 'nové dlouhé heslo' });
    expect(withPassword.status).toBe(400);
    const client = t.client();
    await client.login(user.email, user.password);
  });

  it('keeps accounts out of the generic create and delete: they are made with a password or an invitation and deactivated', async () => {
    const made = await admin.post('/api/cms/form/user', {
      email: email('genericky'),
      firstName: 'Jan',
      lastName: 'Obecný',
      roles: ['ROLE_USER'],
    });
    expect(made.status).toBe(400);
    expect(made.body.error.code).toBe('USE_ACCOUNT_CREATION');
    const user = await createUser(t, { roles: ['ROLE_USER'] });
    const deleted = await admin.delete(`/api/cms/form/user/${user.id}`);
    expect(deleted.status).toBe(400);
    expect(deleted.body.error.message).toBe('Uživatelé se nemažou.');
    const bulk = await admin.post('/api/cms/datagrid/user/delete', { ids: [user.id] });
    expect(bulk.status).toBe(400);
    expect((await read(admin, user.id)).email).toBe(user.email);
    const schema = await admin.get('/api/cms/datagrid/schema/user');
    expect(schema.body.data).toMatchObject({ canDelete: false, rowActions: ['edit'] });
  });

  it('lists users searched without diacritics, filtered by role, state and invitation, by surname', async () => {
    const tag = `zz${Date.now()}`;
    for (const [lastName, roles] of [
      [`Žáková ${tag}`, ['ROLE_SALESMAN']],
      [`Adámek ${tag}`, ['ROLE_USER']],
      [`Čermák ${tag}`, ['ROLE_USER', 'ROLE_SALESMAN']],
    ] as const) {
      const response = await admin.post('/api/admin/user/create-user', newUser({ lastName, roles }));
      expect(response.status, response.text).toBe(201);
    }
    const list = await admin.get(`/api/cms/datagrid/user?s=${tag}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.items.map((user: { lastName: string }) => user.lastName)).toEqual([
      `Adámek ${tag}`,
      `Čermák ${tag}`,
      `Žáková ${tag}`,
    ]);
    const salesmen = await admin.get(`/api/cms/datagrid/user?s=${tag}&filter[roles]=ROLE_SALESMAN`);
    expect(salesmen.body.data.items.map((user: { lastName: string }) => user.lastName)).toEqual([
      `Čermák ${tag}`,
      `Žáková ${tag}`,
    ]);
    const zakova = await admin.get(`/api/cms/datagrid/user?s=zakova ${tag}&filter[roles]=ROLE_SALESMAN`);
    expect(zakova.body.data.total).toBe(1);
    const paged = await admin.get(`/api/cms/datagrid/user?s=${tag}&limit=10&page=2`);
    expect(paged.body.data).toMatchObject({ total: 3, items: [] });
    const byEmail = await admin.get(`/api/cms/datagrid/user?s=${tag}&sort=email&direction=desc`);
    expect(byEmail.status, byEmail.text).toBe(200);
    expect((await admin.get(`/api/cms/datagrid/user?s=${tag}&filter[active]=false`)).body.data.total).toBe(0);
    expect((await admin.get('/api/cms/datagrid/user?filter[roles]=ROLE_KING')).status).toBe(400);
    expect((await admin.get('/api/cms/datagrid/user?page=0')).status).toBe(400);
    expect((await admin.get('/api/cms/form/user/999999')).status).toBe(404);
    const exported = await admin.get(`/api/cms/datagrid/user/export?s=${tag}&format=csv`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.text).toContain('Obchodník');
    expect(exported.text).not.toContain('password');
  });

  it('invites a user: single-use link for 7 days, a resent invitation voids the old link', async () => {
    const to = email('pozvany');
    const invited = await admin.post('/api/admin/user/create/create-invite-user', {
      email: to,
      firstName: 'Petr',
      lastName: 'Pozvaný',
      roles: ['ROLE_USER'],
    });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.data).toMatchObject({ invitationSent: true, user: { invitation: 'pending' } });
    const id = invited.body.data.user.id;
    // The answer says until when the link works, as the stored record does.
    const expiresAt = invited.body.data.user.invitationExpiresAt;
    expect(expiresAt).toBe((await read(admin, id)).invitationExpiresAt);
    expect(Math.round((Date.parse(expiresAt) - Date.now()) / 86_400_000)).toBe(7);
    const first = await invitationLink(to, 0);
    const pending = await admin.get(`/api/cms/datagrid/user?filter[invitation]=pending&s=${to}`);
    expect(pending.body.data.items.map((user: { id: number }) => user.id)).toEqual([id]);

    const again = await admin.post(`/api/admin/user/${id}/invite-user`);
    expect(again.status, again.text).toBe(200);
    const second = await invitationLink(to, 1);
    expect(second).not.toBe(first);
    const old = await t.client().post('/api/password-recovery', { token: first, password: PASSWORD });
    expect(old.status).toBe(400);
    expect(old.body.error.code).toBe('INVALID_TOKEN');

    const token = await t.db
      .selectFrom('password_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    const days = (Date.parse(token.expires_at) - Date.parse(token.created_at)) / 86_400_000;
    expect(days).toBe(7);

    const accepted = await t.client().post('/api/password-recovery', { token: second, password: PASSWORD });
    expect(accepted.status, accepted.text).toBe(200);
    const reused = await t.client().post('/api/password-recovery', { token: second, password: PASSWORD });
    expect(reused.status).toBe(400);
    await t.client().login(to, PASSWORD);
    expect((await read(admin, id)).invitation).toBe('none');
    const notNeeded = await admin.post(`/api/admin/user/${id}/invite-user`);
    expect(notNeeded.status).toBe(400);
  });

  it('lets an invitation expire after its 7 days', async () => {
    const to = email('pozde');
    const invited = await admin.post('/api/admin/user/create/create-invite-user', {
      email: to,
      firstName: 'Olga',
      lastName: 'Pozdní',
      roles: ['ROLE_SALESMAN'],
    });
    const id = invited.body.data.user.id;
    const link = await invitationLink(to, 0);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db.updateTable('password_tokens').set({ expires_at: past }).where('user_id', '=', id).execute();
    await t.db.updateTable('users').set({ invitation_expires_at: past }).where('id', '=', id).execute();
    expect((await read(admin, id)).invitation).toBe('expired');
    const expiredFilter = `/api/cms/datagrid/user?filter[invitation]=expired&s=${to}`;
    expect((await admin.get(expiredFilter)).body.data.total).toBe(0);
    expect((await t.app.housekeeping.runPass())?.invitations).toBeGreaterThanOrEqual(1);
    expect((await admin.get(expiredFilter)).body.data.items.map((user: { id: number }) => user.id)).toEqual([
      id,
    ]);
    const late = await t.client().post('/api/password-recovery', { token: link, password: PASSWORD });
    expect(late.status).toBe(400);
    const noPassword = await t.client().post('/api/login', { email: to, password: PASSWORD });
    expect(noPassword.status).toBe(401);
  });

  it('deactivation ends the user’s open session at the next request; reactivation lets them in again', async () => {
    const { client, user } = await signedInClient(t, { roles: ['ROLE_USER'] });
    expect((await client.get('/api/cms/user')).status).toBe(200);
    const off = await admin.post(`/api/cms/change-user-active/${user.id}`);
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.active).toBe(false);
    // The toggle is the engine's update: the user's history says who turned it over.
    const [latest] = (await admin.get(`/api/cms/history/user/${user.id}`)).body.data;
    expect(latest).toMatchObject({
      action: 'update',
      changes: [{ field: 'active', fromText: 'Ano', toText: 'Ne' }],
    });
    expect((await client.get('/api/cms/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email: user.email, password: user.password })).status).toBe(
      401,
    );
    const on = await admin.post(`/api/cms/change-user-active/${user.id}`);
    expect(on.body.data.active).toBe(true);
    await t.client().login(user.email, user.password);
    const viaEdit = await edit(admin, user.id, { active: false });
    expect(viaEdit.status, viaEdit.text).toBe(200);
    expect(viaEdit.body.data.active).toBe(false);
  });

  it('refuses self-deactivation and keeps the last active root', async () => {
    const self = await admin.post(`/api/cms/change-user-active/${adminId}`);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('Sami sebe deaktivovat nemůžete.');
    const rootRow = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    const lastRoot = await editOnly(root, rootRow.id, { roles: ['ROLE_ADMIN'] });
    expect(lastRoot.status).toBe(400);
    expect(lastRoot.body.error.code).toBe('LAST_ROOT');

    const second = await createUser(t, { roles: ['ROLE_ROOT'] });
    const secondRoot = t.client();
    await secondRoot.login(second.email, second.password);
    const byOther = await secondRoot.post(`/api/cms/change-user-active/${rootRow.id}`);
    expect(byOther.status, byOther.text).toBe(200);
    const lastOne = await root.get('/api/cms/user');
    expect(lastOne.status).toBe(401);
    // The second root is now the only active one: stepping down to admin is refused.
    const demote = await edit(secondRoot, second.id, { roles: ['ROLE_ADMIN'] });
    expect(demote.status).toBe(400);
    expect(demote.body.error.code).toBe('LAST_ROOT');
    await secondRoot.post(`/api/cms/change-user-active/${rootRow.id}`);
    root = await t.signedInAsRoot();
    await root.post(`/api/cms/change-user-active/${second.id}`);
    const lastAgain = await editOnly(root, rootRow.id, { active: false });
    expect(lastAgain.status).toBe(400);
  });

  it('lets only a root grant, remove or touch the root role; nobody raises their own roles', async () => {
    const grant = await admin.post('/api/admin/user/create-user', newUser({ roles: ['ROLE_ROOT'] }));
    expect(grant.status).toBe(403);
    const aRoot = await createUser(t, { roles: ['ROLE_ROOT'] });
    expect((await edit(admin, aRoot.id, { firstName: 'Jiný' })).status).toBe(403);
    expect((await admin.post(`/api/cms/change-user-active/${aRoot.id}`)).status).toBe(403);
    expect((await admin.post(`/api/admin/user/${aRoot.id}/password`, { password: PASSWORD })).status).toBe(
      403,
    );
    expect((await read(root, aRoot.id)).firstName).toBe('Jan');

    const trainer = await createUser(t, { roles: ['ROLE_USER'] });
    expect((await edit(admin, trainer.id, { roles: ['ROLE_ROOT'] })).status).toBe(403);
    const promoted = await edit(admin, trainer.id, { roles: ['ROLE_ADMIN', 'ROLE_USER'] });
    expect(promoted.status, promoted.text).toBe(200);
    const byRoot = await edit(root, trainer.id, { roles: ['ROLE_ROOT'] });
    expect(byRoot.status, byRoot.text).toBe(200);
    expect(byRoot.body.data.roles).toEqual(['ROLE_ROOT']);

    const raise = await edit(admin, adminId, { roles: ['ROLE_ADMIN', 'ROLE_ROOT'] });
    expect(raise.status).toBe(403);
    expect((await read(root, adminId)).roles).toEqual(['ROLE_ADMIN']);
    // Sales grants an admin nothing new (the matrix), so it is no raise.
    expect((await edit(admin, adminId, { roles: ['ROLE_ADMIN', 'ROLE_SALESMAN'] })).status).toBe(200);
    const rename = await edit(admin, adminId, { firstName: 'Alena' });
    expect(rename.status, rename.text).toBe(200);
  });

  it('answers a stale version with 409 and overwrites nothing', async () => {
    const user = await createUser(t);
    const { version } = await read(admin, user.id);
    expect((await edit(admin, user.id, { firstName: 'První' })).status).toBe(200);
    const stale = await edit(admin, user.id, { firstName: 'Druhý', version });
    expect(stale.status).toBe(409);
    expect((await read(admin, user.id)).firstName).toBe('První');
  });

  it('an admin sets another user’s password, which ends that user’s sessions', async () => {
    const { client, user } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    const set = await admin.post(`/api/admin/user/${user.id}/password`, { password: PASSWORD });
    expect(set.status, set.text).toBe(200);
    expect((await client.get('/api/cms/user')).status).toBe(401);
    await t.client().login(user.email, PASSWORD);
    const own = await admin.post(`/api/admin/user/${adminId}/password`, { password: PASSWORD });
    expect(own.status).toBe(400);
    const weak = await admin.post(`/api/admin/user/${user.id}/password`, { password: '12345678' });
    expect(weak.status).toBe(400);
  });

  it('keeps users away from anyone without the users area', async () => {
    for (const roles of [['ROLE_USER'], ['ROLE_SALESMAN']] as const) {
      const { client } = await signedInClient(t, { roles: [...roles] });
      expect((await client.get('/api/cms/datagrid/user')).status).toBe(403);
      expect((await client.get(`/api/cms/form/user/${adminId}`)).status).toBe(403);
      expect((await client.post('/api/admin/user/create-user', newUser())).status).toBe(403);
      expect((await client.post(`/api/cms/change-user-active/${adminId}`)).status).toBe(403);
    }
    expect((await t.client().get('/api/cms/datagrid/user')).status).toBe(401);
    expect((await t.client().post('/api/admin/user/create/create-invite-user', {})).status).toBe(401);
  });
});
