export const ROLES = ['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_SALESMAN'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_ROOT: 'Hlavní správce',
  ROLE_ADMIN: 'Správce',
  ROLE_USER: 'Člen nebo rodič',
  ROLE_SALESMAN: 'Obchodník',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The lowest role: a sign-in account with only this role is a *profile*, a person outside the office
 * (an athlete, a parent, a trainer) who can be paired with club members: it then sees what concerns
 * those members, and as a trainer the groups they train.
 */
export const PROFILE_ROLE: Role = 'ROLE_USER';
