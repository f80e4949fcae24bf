import { findRoute, type Role } from '@klubovna/shared';
import { mayOpen } from './navigation-model.ts';

/**
 * Whether the person has an own page (Můj klub): people whom row rules limit — a member's, a parent's,
 * a trainer's account. Everyone lands on the home screen (`/admin`), which tells each what needs doing.
 */
export function hasOwnPage(roles: readonly Role[]): boolean {
  const own = findRoute('cms.myClub');
  return Boolean(own?.active && mayOpen(own, { roles, trains: false }));
}
