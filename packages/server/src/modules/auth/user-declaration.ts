import { INVITATION_STATE_LABELS, type InvitationState, ROLE_LABELS, ROLES } from '@klubovna/shared';
import { compileEntity } from '../../engine/declaration/compile-entity.ts';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { toRow } from '../../engine/records/record-mapper.ts';

/**
 * A CMS user's account as the engine serves it: the users zone's list, form and export. The users
 * module adds the role rules (`userEntity`); the account's secrets are this module's private columns,
 * which the engine never reads or serves.
 */
export const userDeclaration: EntityDeclaration = {
  alias: 'user',
  table: 'users',
  labels: {
    singular: 'Uživatel',
    plural: 'Uživatelé',
    count: { one: 'uživatel', few: 'uživatelé', many: 'uživatelů' },
    accusative: { one: 'uživatele', few: 'uživatele', many: 'uživatelů' },
  },
  area: 'users',
  screens: {
    zone: 'users',
    list: '/admin/uzivatele',
    create: '/admin/uzivatel/create',
    edit: '/admin/uzivatel/edit',
    titles: { create: 'Nový uživatel', edit: 'Úprava uživatele' },
  },
  fields: {
    lastName: { kind: 'text', label: 'Příjmení', required: true, maxLength: 100 },
    firstName: { kind: 'text', label: 'Jméno', required: true, maxLength: 100 },
    email: {
      kind: 'email',
      label: 'E-mail',
      required: true,
      unique: true,
      help: 'Přihlašovací jméno; na tuto adresu chodí pozvánka a obnova hesla.',
    },
    roles: {
      kind: 'multiEnum',
      label: 'Role',
      required: true,
      options: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
      defaultValue: ['ROLE_USER'],
      span: 12,
    },
    active: {
      kind: 'boolean',
      label: 'Aktivní',
      defaultValue: true,
      help: 'Neaktivní uživatel se nepřihlásí; jeho otevřená přihlášení hned skončí.',
    },
    // Gives way before the invitation's state when the list is short of room.
    lastLoginAt: {
      kind: 'dateTime',
      label: 'Poslední přihlášení',
      readOnly: true,
      inForm: false,
      listPriority: 3,
    },
    invitation: {
      kind: 'enum',
      label: 'Pozvánka',
      options: (Object.keys(INVITATION_STATE_LABELS) as InvitationState[]).map((state) => ({
        value: state,
        label: INVITATION_STATE_LABELS[state],
      })),
      readOnly: true,
      inForm: false,
    },
    invitationExpiresAt: {
      kind: 'dateTime',
      label: 'Pozvánka platí do',
      readOnly: true,
      inForm: false,
      listed: false,
    },
    twoFactorSince: {
      kind: 'dateTime',
      column: 'totp_enabled_at',
      label: 'Dvoufázové přihlášení od',
      readOnly: true,
      inForm: false,
      listed: false,
    },
  },
  privateColumns: [
    { name: 'password_hash', type: 'text' },
    { name: 'totp_secret', type: 'varchar(64)' },
    { name: 'totp_last_step', type: 'bigint' },
  ],
  defaultSort: { field: 'lastName', direction: 'asc' },
  searchFields: ['lastName', 'firstName', 'email'],
  labelFields: ['firstName', 'lastName'],
  deletable: false,
};

const compiledUser = compileEntity(userDeclaration);

/**
 * The columns of an account's names and e-mail with what the engine derives from them (Czech sort
 * keys, search text), for the account writes that do not go through the engine (sign-up of the first
 * root, a profile's own changes).
 */
export const userNameColumns = (values: {
  firstName: string;
  lastName: string;
  email: string;
}): UserNameColumns => toRow(compiledUser, values) as UserNameColumns;

type UserNameColumns = Record<
  'first_name' | 'last_name' | 'email' | 'first_name_sort' | 'last_name_sort' | 'email_sort' | 'search_text',
  string
>;
