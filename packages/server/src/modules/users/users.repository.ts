import type { CmsUser } from '@klubovna/shared';
import type { Executor } from '../../db/database.ts';
import { toUserDto, type UserRow } from '../auth/index.ts';
import { invitationState } from './invitation-state.ts';

const toCmsUser = (row: UserRow, now: string): CmsUser => ({
  ...toUserDto(row),
  lastLoginAt: row.last_login_at ?? null,
  invitation: invitationState(row.invitation, row.invitation_expires_at, now),
  invitationExpiresAt: row.invitation_expires_at ?? null,
});

export async function findCmsUser(db: Executor, id: number, now: string): Promise<CmsUser | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCmsUser(row, now);
}

/** A new invitation link for the user until `expiresAt`, so the user list shows it pending. */
export async function markInvited(db: Executor, id: number, expiresAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ invitation: 'pending', invitation_expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}
