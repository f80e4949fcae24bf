import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { profileActions } from './profile.actions.ts';
import { pairingHooks } from './profile.rules.ts';

/**
 * A profile (a sign-in account with only the lowest role: an athlete, a parent) paired with a club
 * member. A profile may be paired with several members (a parent with children) and a member with
 * several profiles. Profiles are accounts, not a declared entity, so the pairing names one by id
 * and the hooks check it.
 */
export const profileMemberEntity: EntityDeclaration = {
  alias: 'profile-member',
  table: 'profile_members',
  labels: {
    singular: 'Spárování profilu',
    plural: 'Spárování profilů',
    count: { one: 'spárování', few: 'spárování', many: 'spárování' },
    accusative: { one: 'spárování', few: 'spárování', many: 'spárování' },
  },
  area: 'users',
  screens: 'api-only',
  fields: {
    profile: { kind: 'integer', label: 'Profil (účet)', required: true, min: 1, max: 2_147_483_647 },
    member: { kind: 'relation', label: 'Člen', required: true, relation: { alias: 'member' } },
    // Kept by the hooks: names the pairing in lists and dialogs and makes it findable.
    title: { kind: 'text', label: 'Označení', maxLength: 500, readOnly: true },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
  hooks: pairingHooks,
  actions: profileActions,
};
