import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/dialect.ts';
import { hashPassword, randomToken } from './secrets.ts';
import { countUsers, insertUser } from './users.repository.ts';

/**
 * The first root user's e-mail when ADMIN_EMAIL is unset: it must pass the sign-in form's e-mail
 * check (a bare `admin@localhost` does not), and `.local` mail goes nowhere on the internet.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@klubovna.local';

/** The root user this start created: who signs in, and the generated password if none was configured. */
export interface CreatedRootUser {
  email: string;
  password?: string;
}

/**
 * On an empty database, creates the first ROLE_ROOT user so somebody can sign in. Returns it when it
 * was created; the generated password is told once, by the start line (never stored in clear text).
 */
export async function ensureRootUser(app: FastifyInstance): Promise<CreatedRootUser | undefined> {
  if ((await countUsers(app.db)) > 0) return undefined;
  const email = (app.config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = app.config.adminPassword ? undefined : randomToken().slice(0, 20);
  const password = app.config.adminPassword ?? generated!;
  try {
    await insertUser(
      app.db,
      {
        email,
        passwordHash: await hashPassword(password),
        firstName: 'Správce',
        lastName: '',
        roles: ['ROLE_ROOT'],
        active: true,
      },
      nowIso(),
    );
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if ((await countUsers(app.db)) > 0) return undefined;
    throw error;
  }
  return generated ? { email, password: generated } : { email };
}
