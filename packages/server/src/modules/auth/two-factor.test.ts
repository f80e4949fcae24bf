import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

/** The code an authenticator app shows for `secret`, `offset` time steps from now. */
const codeOf = (secret: string, offset = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 });

describe.each(testEngines())('two-factor sign-in on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** Turns two-factor sign-in on for a new user; gives the secret and the recovery codes. */
  async function withTwoFactor(roles: Parameters<typeof createUser>[1] = {}) {
    const { client, user } = await signedInClient(t, roles);
    const setup = await client.post('/api/cms/me/two-factor/setup', {});
    expect(setup.status, setup.text).toBe(200);
    const { secret } = setup.body.data;
    const enabled = await client.post('/api/cms/me/two-factor/enable', { code: codeOf(secret) });
    expect(enabled.status, enabled.text).toBe(200);
    return { client, user, secret, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
  }

  it('sets up with a QR code and a first code, and answers ten recovery codes once', async () => {
    const { client, user } = await signedInClient(t);
    const setup = await client.post('/api/cms/me/two-factor/setup', {});
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\/Klubovna:.+\?.*secret=/);
    expect(Buffer.from(setup.body.data.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const wrong = await client.post('/api/cms/me/two-factor/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual([{ path: 'code', message: 'Kód z aplikace nesouhlasí.' }]);
    const enabled = await client.post('/api/cms/me/two-factor/enable', {
      code: codeOf(setup.body.data.secret),
    });
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.data.recoveryCodes).size).toBe(10);
    expect((await client.get('/api/cms/me')).body.data.twoFactor).toBe(true);
    const stored = await t.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(enabled.body.data.recoveryCodes[0]);
    expect((await client.post('/api/cms/me/two-factor/setup', {})).status).toBe(400);
  });

  it('asks for the code at sign-in, refuses a wrong or reused one, and takes a recovery code once', async () => {
    const { user, secret, recoveryCodes } = await withTwoFactor();
    const client = t.client();
    const first = await client.post('/api/login', { email: user.email, password: user.password });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ twoFactorRequired: true });
    expect((await client.get('/api/cms/user')).status).toBe(401);

    const wrong = await client.post('/api/login', {
      email: user.email,
      password: user.password,
      code: '123456',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    const badPassword = await client.post('/api/login', {
      email: user.email,
      password: 'špatné heslo',
      code: codeOf(secret, 1),
    });
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.error.code).toBe('INVALID_CREDENTIALS');

    const next = codeOf(secret, 1);
    const right = await client.post('/api/login', { email: user.email, password: user.password, code: next });
    expect(right.status, right.text).toBe(200);
    expect(right.body.data.user).toMatchObject({ id: user.id, twoFactor: true });
    expect((await client.get('/api/cms/user')).status).toBe(200);
    const replay = await t
      .client()
      .post('/api/login', { email: user.email, password: user.password, code: next });
    expect(replay.status).toBe(401);

    const recovery = recoveryCodes[3]!;
    const withRecovery = await t.client().post('/api/login', {
      email: user.email,
      password: user.password,
      code: ` ${recovery.toUpperCase()} `,
    });
    expect(withRecovery.status, withRecovery.text).toBe(200);
    const twice = await t
      .client()
      .post('/api/login', { email: user.email, password: user.password, code: recovery });
    expect(twice.status).toBe(401);
  });

  it('limits wrong codes like passwords', async () => {
    const { user } = await withTwoFactor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push(
        (await t.client().post('/api/login', { email: user.email, password: user.password, code: '999999' }))
          .status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('turns off with the current password', async () => {
    const { client, user } = await withTwoFactor();
    const wrong = await client.post('/api/cms/me/two-factor/disable', { password: 'nesprávné heslo' });
    expect(wrong.status).toBe(400);
    const off = await client.post('/api/cms/me/two-factor/disable', { password: user.password });
    expect(off.status, off.text).toBe(200);
    const plain = await t.client().post('/api/login', { email: user.email, password: user.password });
    expect(plain.body.data.user).toMatchObject({ twoFactor: false });
  });

  it('lets an admin turn off someone else’s two-factor sign-in (a lost phone), ending their sessions', async () => {
    const { client, user } = await withTwoFactor({ roles: ['ROLE_USER'] });
    const { client: admin, user: adminUser } = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
    expect((await admin.get(`/api/cms/form/user/${user.id}`)).body.data.twoFactorSince).toMatch(/^\d{4}-/);
    const reset = await admin.post(`/api/admin/user/${user.id}/two-factor/reset`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.data.twoFactorSince).toBeNull();
    expect((await client.get('/api/cms/user')).status).toBe(401);
    const plain = await t.client().post('/api/login', { email: user.email, password: user.password });
    expect(plain.body.data.user).toMatchObject({ id: user.id, twoFactor: false });
    expect(
      await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect((await admin.post(`/api/admin/user/${adminUser.id}/two-factor/reset`)).status).toBe(400);
    const { user: aRoot } = await withTwoFactor({ roles: ['ROLE_ROOT'] });
    expect((await admin.post(`/api/admin/user/${aRoot.id}/two-factor/reset`)).status).toBe(403);
  });

  it('lets a root require it of admins and roots, who may then do nothing else until it is on', async () => {
    const { client: root } = await withTwoFactor({ roles: ['ROLE_ROOT'] });
    const { client: plainRoot } = await signedInClient(t, { roles: ['ROLE_ROOT'] });
    const first = await plainRoot.put('/api/admin/security-policy', { twoFactorForAdmins: true });
    expect(first.status).toBe(400);
    expect(first.body.error.code).toBe('TWO_FACTOR_REQUIRED_FIRST');
    const { client: admin } = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
    expect((await admin.put('/api/admin/security-policy', { twoFactorForAdmins: true })).status).toBe(403);
    const extra = await root.put('/api/admin/security-policy', { twoFactorForAdmins: true, other: 1 });
    expect(extra.status).toBe(400);
    const on = await root.put('/api/admin/security-policy', { twoFactorForAdmins: true });
    expect(on.status, on.text).toBe(200);
    try {
      expect((await plainRoot.get('/api/cms/datagrid/user')).status).toBe(403);
      const blocked = await admin.get('/api/cms/datagrid/user');
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      expect((await admin.get('/api/cms/user')).body.data.user.twoFactorSetupRequired).toBe(true);
      const { client: trainer } = await signedInClient(t, { roles: ['ROLE_USER'] });
      expect((await trainer.get('/api/cms/datagrid/member')).status).toBe(200);

      const setup = await admin.post('/api/cms/me/two-factor/setup', {});
      await admin.post('/api/cms/me/two-factor/enable', { code: codeOf(setup.body.data.secret) });
      expect((await admin.get('/api/cms/datagrid/user')).status).toBe(200);
      expect((await admin.get('/api/admin/security-policy')).body.data).toEqual({ twoFactorForAdmins: true });
      const off = await admin.post('/api/cms/me/two-factor/disable', { password: 'tajné heslo 123' });
      expect(off.status).toBe(403);
      const me = await admin.get('/api/cms/user');
      expect(me.body.data.user).toMatchObject({ twoFactor: true });
      expect(me.body.data.user.twoFactorSetupRequired).toBeUndefined();
      const adminRow = await createUser(t, { roles: ['ROLE_ADMIN'] });
      const fresh = await t
        .client()
        .post('/api/login', { email: adminRow.email, password: adminRow.password });
      expect(fresh.body.data.user.twoFactorSetupRequired).toBe(true);
    } finally {
      await root.put('/api/admin/security-policy', { twoFactorForAdmins: false });
    }
  });
});
