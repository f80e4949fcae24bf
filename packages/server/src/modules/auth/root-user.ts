import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/dialect.ts';
import { hashPassword, randomToken } from './secrets.ts';
import { countUsers, insertUser } from './users.repository.ts';

/**
 * The first root user's e-mail when ADMIN_EMAIL is unset: it must pass the sign-in form's e-mail
 * check (a bare `admin@localhost` does not), and `.local` mail goes nowhere on the internet.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@klubovna.local';

/** On an empty database, creates the first ROLE_ROOT user so somebody can sign in. */
export async function ensureRootUser(app: FastifyInstance): Promise<void> {
  if ((await countUsers(app.db)) > 0) return;
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
    if ((await countUsers(app.db)) > 0) return;
    throw error;
  }
  if (generated) {
    // Printed once, to the console only: it is never stored anywhere in clear text.
    process.stdout.write(
      `\nFirst start: created root user ${email} with password ${generated}\nChange it after signing in.\n\n`,
    );
  }
}
