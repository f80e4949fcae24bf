import { PROFILE_ROLE, type ProfileAccount, ROLE_LABELS } from '@klubovna/shared';
import type { DynamicDb, EntityHooks, HookContext, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';

/** Accounts that are profiles: only the lowest role (roles are stored as a JSON array). */
export const PROFILE_ROLES_JSON = JSON.stringify([PROFILE_ROLE]);

export async function findProfile(db: DynamicDb, id: number): Promise<ProfileAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'active'])
    .where('id', '=', id)
    .where('roles', '=', PROFILE_ROLES_JSON)
    .executeTakeFirst();
  return row && toProfile(row);
}

export const toProfile = (row: Record<string, unknown>): ProfileAccount => ({
  id: Number(row.id),
  email: row.email as string,
  firstName: row.first_name as string,
  lastName: row.last_name as string,
  active: Boolean(row.active),
});

/** A pairing is of an existing profile with a member it is not paired with yet; returns it with its title. */
async function checkedPairing({ db }: HookContext, data: Values, exceptId: number | null): Promise<Values> {
  const profile = await findProfile(db, data.profile as number);
  if (!profile)
    throw fieldError(
      'profile',
      `Takový profil neexistuje: párovat lze jen účty s jedinou rolí ${ROLE_LABELS[PROFILE_ROLE]}.`,
    );
  const member = await db
    .selectFrom('members')
    .select(['first_name', 'last_name'])
    .where('id', '=', data.member as number)
    .executeTakeFirst();
  if (!member) return data;
  const memberName = `${member.first_name} ${member.last_name}`;
  const twice = await db
    .selectFrom('profile_members')
    .select('id')
    .where('profile', '=', profile.id)
    .where('member', '=', data.member as number)
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  if (twice) throw fieldError('member', `Profil ${profile.email} už je se členem ${memberName} spárován.`);
  return { ...data, title: `${profile.firstName} ${profile.lastName} (${profile.email}) – ${memberName}` };
}

export const pairingHooks: EntityHooks = {
  beforeCreate: (context) => checkedPairing(context, context.data, null),
  beforeUpdate: (context) => checkedPairing(context, context.data, context.previous.id),
};
