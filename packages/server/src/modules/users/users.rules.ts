import { AREAS, can, ROLE_LABELS, type Role } from '@klubovna/shared';
import type { Executor } from '../../db/database.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { AppError } from '../../errors/app-error.ts';
import { findUserByEmailIgnoringCase } from '../auth/index.ts';

/** The signed-in user doing the work. */
export interface Actor {
  id: number;
  roles: readonly Role[];
}

const ROOT: Role = 'ROLE_ROOT';
const mayManageRoots = (actor: Actor) => can(actor.roles, 'rootUsers', 'write');
const refused = (message: string) => new AppError('FORBIDDEN', 403, message);

/** Only whoever may manage roots (the root) touches a root's account; an admin manages the others. */
export function assertMayManage(actor: Actor, target: { roles: readonly Role[] }): void {
  if (target.roles.includes(ROOT) && !mayManageRoots(actor))
    throw refused(`Účet s rolí ${ROLE_LABELS[ROOT]} smí měnit jen hlavní správce.`);
}

/** True when `after` grants some access of the permission matrix that `before` does not. */
export const grantsMore = (before: readonly Role[], after: readonly Role[]): boolean =>
  AREAS.some(
    (area) =>
      (can(after, area, 'write') && !can(before, area, 'write')) ||
      (can(after, area, 'read') && !can(before, area, 'read')),
  );

/**
 * Roles may change from `before` to `after`: only a root grants or removes the root role, and nobody
 * gives themselves access they do not have (a root may step down to admin, an admin may not add sales).
 */
export function assertRolesChange(
  actor: Actor,
  targetId: number | null,
  before: readonly Role[],
  after: readonly Role[],
): void {
  if (before.includes(ROOT) !== after.includes(ROOT) && !mayManageRoots(actor))
    throw refused(`Roli ${ROLE_LABELS[ROOT]} smí přidělit nebo odebrat jen hlavní správce.`);
  if (targetId === actor.id && grantsMore(before, after))
    throw refused('Vlastní role si nikdo zvýšit nemůže.');
}

/** Nobody deactivates themselves: they would lock themselves out in the middle of their work. */
export function assertNotSelf(actor: Actor, targetId: number, message: string): void {
  if (actor.id === targetId) throw new AppError('BAD_REQUEST', 400, message);
}

/** Refuses a change that would leave no active root (call inside the write's transaction). */
export async function assertAnotherActiveRoot(db: Executor, targetId: number): Promise<void> {
  const other = await db
    .selectFrom('users')
    .select('id')
    .where('id', '!=', targetId)
    .where('active', '=', 1)
    .where('roles', 'like', `%"${ROOT}"%`)
    .executeTakeFirst();
  if (!other)
    throw new AppError(
      'LAST_ROOT',
      400,
      `Jde o posledního aktivního uživatele s rolí ${ROLE_LABELS[ROOT]}: nejdřív jmenujte jiného.`,
    );
}

/** Refuses an e-mail another account has, ignoring case (call inside the write's transaction). */
export async function assertEmailFree(db: Executor, email: string, exceptId?: number): Promise<void> {
  if (await findUserByEmailIgnoringCase(db, email, exceptId))
    throw fieldError('email', 'Tento e-mail už používá jiný uživatel.');
}
