import type { Role } from '@klubovna/shared';
import { nowIso } from '../db/dialect.ts';
import { hashPassword } from '../modules/auth/secrets.ts';
import { insertUser } from '../modules/auth/users.repository.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;

/** Creates a user straight in the database and returns its credentials. */
export async function createUser(
  testApp: TestApp,
  options: {
    roles?: Role[];
    active?: boolean;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
  } = {},
) {
  sequence += 1;
  const email = options.email ?? `uzivatel${sequence}-${Date.now()}@klub.test`;
  const password = options.password ?? 'tajné heslo 123';
  const id = await insertUser(
    testApp.db,
    {
      email,
      passwordHash: await hashPassword(password),
      firstName: options.firstName ?? 'Jan',
      lastName: options.lastName ?? 'Novák',
      roles: options.roles ?? ['ROLE_USER'],
      active: options.active ?? true,
    },
    nowIso(),
  );
  return { id, email, password };
}

export async function signedInClient(testApp: TestApp, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(testApp, options);
  const client = testApp.client();
  await client.login(user.email, user.password);
  return { client, user };
}
