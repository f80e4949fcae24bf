import type { Role } from '../domain/roles.ts';

/** A part of the back office that permissions are granted for. */
export const AREAS = [
  'members',
  'consents',
  'training',
  'races',
  'content',
  'webEvents',
  'team',
  'sponsors',
  'webConfig',
  'payments',
  'users',
  'rootUsers',
  'files',
  'self',
] as const;
export type Area = (typeof AREAS)[number];

export type Access = 'read' | 'write';

/**
 * Who may call what, by area. `write` implies `read`. `self` is the signed-in user's own account and
 * settings. Which rows of an area a person then reads or changes is each entity's row rule (its
 * declaration's `rows`): the office (ROLE_ROOT, ROLE_ADMIN) every row, anyone else their own.
 */
export const PERMISSIONS: Record<Role, Partial<Record<Area, Access>>> = {
  ROLE_ROOT: Object.fromEntries(AREAS.map((area) => [area, 'write'])) as Record<Area, Access>,
  ROLE_ADMIN: {
    members: 'write',
    consents: 'write',
    training: 'write',
    races: 'write',
    content: 'write',
    webEvents: 'write',
    team: 'write',
    sponsors: 'write',
    webConfig: 'write',
    payments: 'write',
    users: 'write',
    files: 'write',
    self: 'write',
  },
  // A member's or parent's account (a trainer's too: training a group is a relation, not a role): the
  // entities' row rules narrow each area to the rows that concern the person.
  ROLE_USER: {
    members: 'write',
    consents: 'write',
    training: 'write',
    races: 'write',
    // Row rules let them read their own payment requests and write no money (which is the office's).
    payments: 'write',
    files: 'write',
    self: 'write',
  },
  ROLE_SALESMAN: { sponsors: 'write', webEvents: 'read', files: 'write', self: 'write' },
};

export function can(roles: readonly Role[] | undefined, area: Area, access: Access = 'read'): boolean {
  return (roles ?? []).some((role) => {
    const granted = PERMISSIONS[role]?.[area];
    return granted === 'write' || granted === access;
  });
}

/** The club's office: every row of the areas the matrix grants them, where row rules limit anyone else. */
export const OFFICE_ROLES: readonly Role[] = ['ROLE_ROOT', 'ROLE_ADMIN'];

/** Whether the roles make the person the club's office (no row rule limits them). */
export function isOffice(roles: readonly Role[] | undefined): boolean {
  return (roles ?? []).some((role) => OFFICE_ROLES.includes(role));
}
