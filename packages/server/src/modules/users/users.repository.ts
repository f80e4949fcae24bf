import type { CmsUser, InvitationState } from '@klubovna/shared';
import type { Executor } from '../../db/database.ts';
import { parseRoles, type UserRow } from '../auth/index.ts';

/** Users without a password who hold a usable invitation link, by id. */
async function pendingInvitations(db: Executor, now: string, userIds?: number[]): Promise<Set<number>> {
  let query = db
    .selectFrom('password_tokens')
    .innerJoin('users', 'users.id', 'password_tokens.user_id')
    .select('password_tokens.user_id')
    .where('users.password_hash', 'is', null)
    .where('password_tokens.used_at', 'is', null)
    .where('password_tokens.expires_at', '>', now);
  if (userIds) query = query.where('password_tokens.user_id', 'in', userIds);
  return new Set((await query.execute()).map((row) => row.user_id));
}

const invitationOf = (row: UserRow, pending: Set<number>): InvitationState =>
  row.password_hash !== null ? 'none' : pending.has(row.id) ? 'pending' : 'expired';

const toCmsUser = (row: UserRow, pending: Set<number>): CmsUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  roles: parseRoles(row.roles),
  active: Boolean(row.active),
  lastLoginAt: row.last_login_at ?? null,
  invitation: invitationOf(row, pending),
  twoFactor: row.totp_enabled_at !== null,
  version: row.version,
});

/** Every user as the list shows it (a club has hundreds of accounts: searched and paged in memory). */
export async function allCmsUsers(db: Executor, now: string): Promise<CmsUser[]> {
  const [rows, pending] = await Promise.all([
    db.selectFrom('users').selectAll().execute(),
    pendingInvitations(db, now),
  ]);
  return rows.map((row) => toCmsUser(row, pending));
}

export async function findCmsUser(db: Executor, id: number, now: string): Promise<CmsUser | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCmsUser(row, await pendingInvitations(db, now, [id]));
}

export interface CmsUserChanges {
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  active: boolean;
}

/** Returns false when `version` is stale, so nothing is overwritten. */
export async function updateCmsUser(
  db: Executor,
  id: number,
  changes: CmsUserChanges,
  version: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      email: changes.email,
      first_name: changes.firstName,
      last_name: changes.lastName,
      roles: JSON.stringify(changes.roles),
      active: changes.active ? 1 : 0,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
