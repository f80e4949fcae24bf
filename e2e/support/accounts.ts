import type { ApiSession } from './api-session.ts';

/**
 * A sign-in profile (an account with only the lowest role), invited through the users API as an
 * admin invites one: no password until the mailed link is used.
 */
export async function createProfileAccount(
  api: ApiSession,
  profile: { email: string; firstName: string; lastName: string },
): Promise<number> {
  const created = await api.data<{ user: { id: number } }>(
    'POST',
    '/api/admin/user/create/create-invite-user',
    { ...profile, roles: ['ROLE_USER'] },
  );
  return created.user.id;
}
