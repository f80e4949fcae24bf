import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authChanges } from '../../db/auth-changes-postgres.ts';
import { nowIso } from '../../db/dialect.ts';
import { createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import {
  deleteSession,
  findLiveSessionWithChanges,
  insertSession,
  touchSession,
} from './sessions.repository.ts';
import { saveSecurityPolicy } from './two-factor.service.ts';

// PostgreSQL's count of the changes that can end or alter a session (db/auth-changes-postgres.ts).

describe.runIf(testEngines().includes('postgres'))('the count of session changes on PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(() => t.close());

  const count = async () =>
    Number((await t.db.selectNoFrom(authChanges.as('n')).executeTakeFirstOrThrow()).n);

  /** How much `change` moves the count. */
  async function moves(change: () => Promise<unknown>) {
    const before = await count();
    await change();
    return (await count()) - before;
  }

  it('moves with a session ended or a user or setting changed, not with a new or touched session', async () => {
    const user = await createUser(t, { roles: ['ROLE_ADMIN'] });
    const idHash = `hash-${Date.now()}`;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const session = { idHash, userId: user.id, now: nowIso(), expiresAt: later, ip: null, userAgent: null };
    expect(await moves(() => insertSession(t.db, session))).toBe(0);
    expect(await moves(() => touchSession(t.db, idHash, nowIso()))).toBe(0);
    const found = await findLiveSessionWithChanges(t.db, idHash, nowIso(), '2000-01-01T00:00:00.000Z');
    expect(Number(found?.auth_changes)).toBe(await count());
    expect(
      await moves(() =>
        t.db.updateTable('users').set({ first_name: 'Jiná' }).where('id', '=', user.id).execute(),
      ),
    ).toBe(1);
    expect(
      await moves(() =>
        t.db.updateTable('sessions').set({ expires_at: nowIso() }).where('id_hash', '=', idHash).execute(),
      ),
    ).toBe(1);
    expect(
      await moves(() => saveSecurityPolicy(t.db, { twoFactor: true }, { twoFactorForAdmins: false })),
    ).toBe(1);
    expect(await moves(() => deleteSession(t.db, idHash))).toBe(1);
  });

  it('moves when the transaction commits, with what it counts', async () => {
    const user = await createUser(t);
    const before = await count();
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ last_name: 'Později' }).where('id', '=', user.id).execute();
      // Counted at the commit: inside the transaction, and to everyone else until then, it has not moved.
      expect(Number((await trx.selectNoFrom(authChanges.as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
      expect(await count()).toBe(before);
    });
    expect(await count()).toBe(before + 1);
  });
});
