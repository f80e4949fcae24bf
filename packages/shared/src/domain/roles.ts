export const ROLES = ['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_SALESMAN'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_ROOT: 'Hlavní správce',
  ROLE_ADMIN: 'Správce',
  ROLE_USER: 'Trenér',
  ROLE_SALESMAN: 'Obchodník',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
