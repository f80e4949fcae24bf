import type { CmsUser, Role } from '@klubovna/shared';

/** Whether someone with `roles` may change this user: a root's account only by whoever manages roots. */
export const mayChange = (user: Pick<CmsUser, 'roles'>, manageUsers: boolean, manageRoots: boolean) =>
  manageUsers && (manageRoots || !user.roles.includes('ROLE_ROOT' satisfies Role));

export const fullName = (user: Pick<CmsUser, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
