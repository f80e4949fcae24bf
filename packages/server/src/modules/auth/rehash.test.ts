import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { needsRehash } from './secrets.ts';

describe.each(testEngines())('password hashes of older settings on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('still sign in, and are replaced by a hash of today’s settings without a version bump', async () => {
    const user = await createUser(t);
    const older = await argon2.hash(user.password, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    await t.db.updateTable('users').set({ password_hash: older }).where('id', '=', user.id).execute();
    const before = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(await needsRehash(before.password_hash!)).toBe(true);

    await t.client().login(user.email, user.password);
    const after = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(older);
    expect(await needsRehash(after.password_hash!)).toBe(false);
    expect(after.version).toBe(before.version);
    await t.client().login(user.email, user.password);
  });
});
