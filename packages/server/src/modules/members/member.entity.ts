import { enumOptions, MEMBER_TYPE_LABELS, MEMBER_TYPES } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/entity.types.ts';
import { memberHooks, setMembersActive } from './member.rules.ts';

export const GENDER_OPTIONS = [
  { value: 'MALE', label: 'Muž' },
  { value: 'FEMALE', label: 'Žena' },
] as const;

export const memberEntity: EntityDeclaration = {
  alias: 'member',
  table: 'members',
  labels: {
    singular: 'Člen',
    plural: 'Členové',
    count: { one: 'člen', few: 'členové', many: 'členů' },
    accusative: 'člena',
  },
  area: 'members',
  sections: [
    { key: 'person', label: 'Osobní údaje' },
    { key: 'contact', label: 'Kontakt' },
    { key: 'club', label: 'Klub' },
  ],
  fields: {
    // Surname first: how a club's lists are read and sorted.
    lastName: { kind: 'text', label: 'Příjmení', required: true, maxLength: 100, section: 'person' },
    firstName: { kind: 'text', label: 'Jméno', required: true, maxLength: 100, section: 'person' },
    birthDate: { kind: 'date', label: 'Datum narození', notInFuture: true, section: 'person' },
    gender: { kind: 'enum', label: 'Pohlaví', options: GENDER_OPTIONS, section: 'person' },
    photo: {
      kind: 'image',
      label: 'Fotografie',
      uploadNamespace: 'members',
      listed: false,
      section: 'person',
    },
    email: { kind: 'email', label: 'E-mail', section: 'contact' },
    phone: { kind: 'phone', label: 'Telefon', maxLength: 30, section: 'contact' },
    address: { kind: 'longText', label: 'Adresa', maxLength: 500, listed: false, section: 'contact' },
    memberType: {
      kind: 'enum',
      label: 'Typ člena',
      options: enumOptions(MEMBER_TYPES, MEMBER_TYPE_LABELS),
      defaultValue: 'ATHLETE',
      section: 'club',
    },
    registrationNumber: {
      kind: 'text',
      label: 'Registrační číslo',
      maxLength: 40,
      unique: true,
      section: 'club',
    },
    active: { kind: 'boolean', label: 'Aktivní', defaultValue: true, section: 'club' },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 5000, listed: false, section: 'club' },
  },
  defaultSort: { field: 'lastName', direction: 'asc' },
  searchFields: ['lastName', 'firstName', 'email', 'registrationNumber'],
  labelFields: ['lastName', 'firstName'],
  // Two of one name are told apart by the year of birth, the type and the groups they train in now.
  secondaryLabel: [
    { field: 'birthDate', year: true },
    { field: 'memberType' },
    { entity: 'group-member', by: 'member', field: 'group', current: { from: 'validFrom', to: 'validTo' } },
  ],
  hooks: memberHooks,
  actions: { 'set-active': setMembersActive },
};
