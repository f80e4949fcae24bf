import { API_PATHS, apiPath, type CmsUser, type InvitationState, type Role } from '@klubovna/shared';

/** Filled badge colours dark enough for white text (at least 4.5:1) in both schemes. */
export const STATE_COLORS = { active: '#1e6b30', inactive: '#495057', role: '#1c4f8a' } as const;
export const INVITATION_COLORS: Record<InvitationState, string> = {
  none: '#1e6b30',
  pending: '#8a5a00',
  expired: '#a61e4d',
};

export const userUrl = (id: number) => apiPath(API_PATHS.user, { userId: id });

/** Whether someone with `roles` may change this user: a root's account only by whoever manages roots. */
export const mayChange = (user: Pick<CmsUser, 'roles'>, manageUsers: boolean, manageRoots: boolean) =>
  manageUsers && (manageRoots || !user.roles.includes('ROLE_ROOT' satisfies Role));

export const fullName = (user: Pick<CmsUser, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
