import type { ApiSession } from './api-session.ts';

/** An account with a password and the lowest role (a member, a parent or a trainer), made by the office. */
export async function createPersonAccount(
  api: ApiSession,
  person: { email: string; password: string; firstName: string; lastName: string },
): Promise<number> {
  const created = await api.data<{ id: number }>('POST', '/api/admin/user/create-user', {
    ...person,
    roles: ['ROLE_USER'],
    active: true,
  });
  return created.id;
}

/** Pairs an account with the member record it is (their own data; a trainer's reach comes from the groups it trains). */
export async function pairAccount(api: ApiSession, account: number, member: number): Promise<void> {
  await api.data('POST', '/api/cms/form/profile-member', { profile: account, member });
}

/** Names an account on a guardian record of a child: the account then manages the child as its own. */
export async function makeGuardian(
  api: ApiSession,
  account: number,
  child: number,
  name: string,
): Promise<void> {
  await api.data('POST', '/api/cms/form/guardian', { member: child, name, account });
}
