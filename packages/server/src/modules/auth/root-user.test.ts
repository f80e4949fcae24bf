import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_ADMIN_EMAIL } from './root-user.ts';

describe('the first root user without ADMIN_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {}, { adminEmail: undefined, adminPassword: 'Heslo správce 1' });
  });
  afterAll(() => t.close());

  it('gets an e-mail the sign-in form accepts, and signs in with it', async () => {
    const response = await t
      .client()
      .post('/api/login', { email: DEFAULT_ADMIN_EMAIL, password: 'Heslo správce 1' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.user).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, roles: ['ROLE_ROOT'] });
  });
});
