import type {
  PairedMember,
  PairingsAccepted,
  ProfileAccount,
  ProfilePage,
  ProfileSuggestions,
} from '@klubovna/shared';
import { API_PATHS } from '@klubovna/shared';
import { recordIdSchema, recordIdText } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { DynamicDb, EntityAction } from '../../engine/declaration/entity.types.ts';
import { recordAnswer } from '../../engine/entity-openapi.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { czechSortKey, searchNormalize } from '../../engine/schema/czech-text.ts';
import { memberSuggester } from './pairing-suggestions.ts';
import { findProfile, PROFILE_ROLES_JSON, toProfile } from './profile.rules.ts';
import { acceptedAnswer, profilePageAnswer, suggestionsAnswer, unpairedAnswer } from './profiles.answers.ts';

const profileMemberRecord = recordAnswer('profile-member');

const toMember = (row: Record<string, unknown>): PairedMember => ({
  id: Number(row.id),
  firstName: row.first_name as string,
  lastName: row.last_name as string,
  birthDate: (row.birth_date as string | null) ?? null,
  email: (row.email as string | null) ?? null,
});

/** Guardian records with their child and the account they name (null: none yet). */
const guardianRecords = (db: DynamicDb) =>
  db
    .selectFrom('guardians as g')
    .innerJoin('members as m', 'm.id', 'g.member')
    .select([
      'g.id',
      'g.name',
      'g.email',
      'g.account',
      'm.id as member_id',
      'm.first_name',
      'm.last_name',
      'm.birth_date',
      'm.email as member_email',
    ])
    .execute();

/** Every profile by surname (a club has hundreds, not millions: searched and paged in memory). */
async function allProfiles(db: DynamicDb): Promise<ProfileAccount[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'active'])
    .where('roles', '=', PROFILE_ROLES_JSON)
    .execute();
  const key = (profile: ProfileAccount) =>
    `${czechSortKey(profile.lastName)}\u0000${czechSortKey(profile.firstName)}`;
  return rows.map(toProfile).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
}

/** Members paired with each profile, by profile id. */
async function pairedMembers(db: DynamicDb): Promise<Map<number, PairedMember[]>> {
  const rows = await db
    .selectFrom('profile_members as pm')
    .innerJoin('members as m', 'm.id', 'pm.member')
    .select(['pm.profile', 'm.id', 'm.first_name', 'm.last_name', 'm.birth_date', 'm.email'])
    .orderBy('m.last_name_sort')
    .orderBy('m.first_name_sort')
    .execute();
  const byProfile = new Map<number, PairedMember[]>();
  for (const row of rows) {
    const profile = Number(row.profile);
    byProfile.set(profile, [...(byProfile.get(profile) ?? []), toMember(row)]);
  }
  return byProfile;
}

const listInput = z.object({
  s: z.string().max(200).optional(),
  /** Only the profiles paired with this member. */
  memberId: recordIdText.optional(),
  paired: z.enum(['all', 'paired', 'unpaired']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** Profiles with their paired members, by surname, searched by name or e-mail, a page at a time. */
const getProfiles: EntityAction<typeof listInput, typeof profilePageAnswer> = {
  label: 'Profily',
  method: 'GET',
  path: API_PATHS.profiles,
  access: 'read',
  input: listInput,
  output: profilePageAnswer,
  run: async ({ db, input }): Promise<ProfilePage> => {
    const paired = await pairedMembers(db);
    const needle = searchNormalize(input.s?.trim() ?? '');
    const matching = (await allProfiles(db)).filter((profile) => {
      const members = paired.get(profile.id) ?? [];
      if (input.memberId !== undefined && !members.some((member) => member.id === input.memberId))
        return false;
      if (input.paired === 'paired' && members.length === 0) return false;
      if (input.paired === 'unpaired' && members.length > 0) return false;
      return (
        needle === '' ||
        searchNormalize(`${profile.firstName} ${profile.lastName} ${profile.email}`).includes(needle)
      );
    });
    const start = (input.page - 1) * input.limit;
    return {
      items: matching
        .slice(start, start + input.limit)
        .map((profile) => ({ ...profile, members: paired.get(profile.id) ?? [] })),
      total: matching.length,
      page: input.page,
      limit: input.limit,
    };
  },
};

const pairInput = z.object({ profileId: recordIdSchema, memberId: recordIdSchema });

/** Pairs a profile with a member; pairing them twice is refused. */
const pairProfileMember: EntityAction<typeof pairInput, typeof profileMemberRecord> = {
  label: 'Spárovat profil se členem',
  path: API_PATHS.pairProfileMember,
  input: pairInput,
  output: profileMemberRecord,
  run: ({ input, records }) =>
    records.create('profile-member', { profile: input.profileId, member: input.memberId }),
};

/** Unpairs a profile from a member; unpairing what is not paired is refused. */
const unpairProfileMember: EntityAction<typeof pairInput, typeof unpairedAnswer> = {
  label: 'Zrušit spárování profilu se členem',
  path: API_PATHS.unpairProfileMember,
  input: pairInput,
  output: unpairedAnswer,
  run: async ({ db, input, records }) => {
    const pairing = await db
      .selectFrom('profile_members')
      .select('id')
      .where('profile', '=', input.profileId)
      .where('member', '=', input.memberId)
      .executeTakeFirst();
    if (!pairing) {
      const profile = await findProfile(db, input.profileId);
      throw fieldError(
        'memberId',
        profile
          ? `Profil ${profile.email} s tímto členem spárován není.`
          : 'Takový profil neexistuje, není co rušit.',
      );
    }
    await records.delete('profile-member', [Number(pairing.id)]);
    return { profileId: input.profileId, memberId: input.memberId };
  },
};

const noInput = z.object({});

/** Every unpaired profile with the members it probably is, best first. */
const getSuggestions: EntityAction<typeof noInput, typeof suggestionsAnswer> = {
  label: 'Návrhy párování',
  method: 'GET',
  path: API_PATHS.pairingSuggestions,
  access: 'read',
  input: noInput,
  output: suggestionsAnswer,
  run: async ({ db }): Promise<ProfileSuggestions> => {
    const paired = await pairedMembers(db);
    const members = await db
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'birth_date', 'email'])
      .execute();
    const suggest = memberSuggester(members.map(toMember));
    const guardians = await guardianRecords(db);
    const guarding = new Set(guardians.flatMap((row) => (row.account === null ? [] : [Number(row.account)])));
    const byEmail = (email: string) =>
      guardians
        .filter((row) => row.account === null && row.email === email.trim().toLowerCase())
        .map((row) => ({
          guardianId: Number(row.id),
          name: row.name as string,
          member: toMember({ ...row, id: row.member_id, email: row.member_email }),
        }));
    return {
      profiles: (await allProfiles(db))
        .filter((profile) => !paired.has(profile.id) && !guarding.has(profile.id))
        .map((profile) => ({
          ...profile,
          suggestions: suggest(profile),
          guardianOf: byEmail(profile.email),
        })),
    };
  },
};

const acceptInput = z
  .object({
    pairs: z.array(pairInput).max(5000, 'Najednou lze spárovat nejvýš 5 000 dvojic.').default([]),
    /** Guardian records to give the profile's account: the parent then manages the child. */
    guardians: z
      .array(z.object({ profileId: recordIdSchema, guardianId: recordIdSchema }))
      .max(5000, 'Najednou lze spárovat nejvýš 5 000 zástupců.')
      .default([]),
  })
  .refine((input) => input.pairs.length + input.guardians.length > 0, {
    path: ['pairs'],
    message: 'Vyberte aspoň jedno spárování.',
  });

/**
 * Pairs many profiles with members, and names profiles on guardian records, in one transaction: all of
 * them, or none when one is refused.
 */
const acceptSuggestions: EntityAction<typeof acceptInput, typeof acceptedAnswer> = {
  label: 'Přijmout návrhy párování',
  path: API_PATHS.acceptPairings,
  input: acceptInput,
  output: acceptedAnswer,
  run: async ({ db, input, records }): Promise<PairingsAccepted> => {
    for (const pair of input.pairs)
      await records.create('profile-member', { profile: pair.profileId, member: pair.memberId });
    for (const { profileId, guardianId } of input.guardians) {
      if (!(await findProfile(db, profileId)))
        throw fieldError(
          'guardians',
          'Takový profil neexistuje: zástupci lze dát jen účet člena nebo rodiče.',
        );
      const guardian = await records.read('guardian', guardianId);
      await records.update('guardian', guardianId, { version: guardian.version, account: profileId });
    }
    return { paired: input.pairs.length, guardians: input.guardians.length };
  },
};

export const profileActions = {
  'get-profiles': getProfiles,
  'pair-profile-member': pairProfileMember,
  'unpair-profile-member': unpairProfileMember,
  'get-suggestions': getSuggestions,
  'accept-suggestions': acceptSuggestions,
};
