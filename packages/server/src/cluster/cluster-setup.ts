import { TEST_ADMIN } from '../test/test-app.ts';
import type { VirtualUser } from './load.ts';

const PASSWORD = 'Dlouhé heslo pro zátěž 42';
const HOUR = 3_600_000;
const SURNAMES = ['Nováková', 'Svobodová', 'Králová', 'Zátopková', 'Dvořáková', 'Černá', 'Veselá'];

/** A JSON request to the instance at `base`; throws unless it answers `expected`. */
async function call(
  base: string,
  method: string,
  path: string,
  cookie: string,
  body: unknown,
  expected: number,
) {
  const response = await fetch(base + path, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { data: JSON.parse(text).data, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

const signIn = async (base: string, email: string, password: string) =>
  (await call(base, 'POST', '/api/login', '', { email, password }, 200)).cookie;

/**
 * What the load works on, made through the instance at `base`: members to list and search, and for
 * each virtual user an article, an account that signs in and out and an account whose roles change.
 */
export async function prepareUsers(base: string, count: number): Promise<VirtualUser[]> {
  const staffCookie = await signIn(base, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const [index, lastName] of SURNAMES.entries())
    await call(
      base,
      'POST',
      '/api/cms/form/member',
      staffCookie,
      { firstName: `Eva${index}`, lastName },
      201,
    );
  const users: VirtualUser[] = [];
  for (let n = 1; n <= count; n += 1) {
    const account = async (name: string, roles: string[]) =>
      (
        await call(
          base,
          'POST',
          '/api/admin/user/create-user',
          staffCookie,
          {
            email: `${name}${n}@zatez.test`,
            password: PASSWORD,
            firstName: 'Jana',
            lastName: `Zátěž ${n}`,
            roles,
            active: true,
          },
          201,
        )
      ).data as { id: number; email: string; version: number };
    const signer = await account('prihlaseni', ['ROLE_USER']);
    const roleUser = await account('role', ['ROLE_ADMIN']);
    const article = await call(
      base,
      'POST',
      '/api/cms/content',
      staffCookie,
      { title: `Zpráva ${n}`, perex: 'Začátek.', publishedAt: new Date(Date.now() - HOUR).toISOString() },
      201,
    );
    users.push({
      n,
      staffCookie,
      article: { id: article.data.id, slug: article.data.slug, version: article.data.version },
      signer: { email: signer.email, password: PASSWORD },
      roleUser: {
        id: roleUser.id,
        version: roleUser.version,
        cookie: await signIn(base, roleUser.email, PASSWORD),
        admin: true,
      },
      saves: 0,
      signIns: 0,
      uploads: 0,
    });
  }
  return users;
}
