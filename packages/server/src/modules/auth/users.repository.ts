import { isRole, type Role, type UserDto } from '@klubovna/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { deleteUserTokens } from './password-tokens.repository.ts';
import { userNameColumns } from './user-declaration.ts';

export type UserRow = Selectable<UsersTable>;

export function parseRoles(json: string): Role[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter(isRole) : [];
  } catch {
    return [];
  }
}

/** The columns toUserDto reads: what a session lookup takes of its user (no secrets). */
export const USER_DTO_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'roles',
  'active',
  'totp_enabled_at',
  'version',
] as const;

/** A users row as the API's user: the signed-in user, and the start of a CMS user. */
export function toUserDto(
  row: Pick<UserRow, (typeof USER_DTO_COLUMNS)[number]>,
): UserDto & { twoFactor: boolean; version: number } {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: parseRoles(row.roles),
    active: Boolean(row.active),
    twoFactor: row.totp_enabled_at !== null,
    version: row.version,
  };
}

export const findUserByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const findUserById = (db: Executor, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const countUsers = async (db: Executor): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  roles: Role[];
  active: boolean;
}

export async function insertUser(db: Executor, user: NewUser, now: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      ...userNameColumns(user),
      password_hash: user.passwordHash,
      roles: JSON.stringify(user.roles),
      invitation: user.passwordHash === null ? 'expired' : 'none',
      active: user.active ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user with this e-mail ignoring case, if any (other than `exceptId`). */
export const findUserByEmailIgnoringCase = (db: Executor, email: string, exceptId = 0) =>
  db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('id', '!=', exceptId)
    .executeTakeFirst();

/**
 * A new password, however it was set (a renewal link, the profile, an admin): it also ends every link
 * still out to set one (renewals and the invitation), so an older mail cannot undo the change.
 */
export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string, now: string) {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      invitation: 'none',
      invitation_expires_at: null,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
  await deleteUserTokens(db, userId);
}

/**
 * The same password under a new hash (new argon2 settings): no version bump, since nothing the user
 * or an admin edits changed, and only if no password change came in between.
 */
export const replacePasswordHash = (db: Executor, userId: number, oldHash: string, newHash: string) =>
  db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', oldHash)
    .execute();

export interface ProfileChanges {
  email: string;
  firstName: string;
  lastName: string;
}

/** Returns false when `version` is stale, so nothing is overwritten. */
export async function updateProfile(
  db: Executor,
  userId: number,
  changes: ProfileChanges,
  version: number | undefined,
  now: string,
): Promise<boolean> {
  let query = db
    .updateTable('users')
    .set((eb) => ({
      ...userNameColumns(changes),
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId);
  if (version !== undefined) query = query.where('version', '=', version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks pending invitations whose link ran out as expired, so that the user list filters them right. */
export async function expireInvitations(db: Executor, now: string): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ invitation: 'expired' })
    .where('invitation', '=', 'pending')
    .where('invitation_expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
