import { enumOptions, MEMBER_TYPE_LABELS, MEMBER_TYPES } from '@klubovna/shared';
import { COUNTRY_OPTIONS } from '@klubovna/shared/domain/countries';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isOwnMember, isOwnOrTrainee, officeOnly, personal } from '../people/index.ts';
import { memberFilters } from './member.filters.ts';
import { memberHooks, setMembersActive } from './member.rules.ts';
import { personalDataActions } from './personal-data.actions.ts';

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
    accusative: { one: 'člena', few: 'členy', many: 'členů' },
  },
  area: 'members',
  screens: { zone: 'members', list: '/admin/clenove', titles: { create: 'Nový člen', edit: 'Úprava člena' } },
  rows: {
    read: personal((person, eb) => isOwnOrTrainee(eb, 'id', person)),
    write: personal((person, eb) => isOwnMember(eb, 'id', person)),
    create: officeOnly,
    delete: officeOnly,
    // A member or a parent corrects their own contact details; the rest is the office's.
    writableFields: ['email', 'phone', 'address'],
  },
  sections: [
    { key: 'person', label: 'Osobní údaje' },
    { key: 'contact', label: 'Kontakt' },
    { key: 'club', label: 'Klub' },
  ],
  fields: {
    // Surname first: how a club's lists are read and sorted.
    // The list's widths fit all its default columns in 1366 px beside the navigation.
    lastName: {
      kind: 'text',
      label: 'Příjmení',
      required: true,
      maxLength: 100,
      section: 'person',
      listWidth: 104,
    },
    firstName: {
      kind: 'text',
      label: 'Jméno',
      required: true,
      maxLength: 100,
      section: 'person',
      listWidth: 88,
    },
    birthDate: { kind: 'date', label: 'Datum narození', notInFuture: true, section: 'person' },
    gender: {
      kind: 'enum',
      label: 'Pohlaví',
      options: GENDER_OPTIONS,
      section: 'person',
      listWidth: 80,
      listPriority: 3,
    },
    // Sensitive: the office reads it in full (each reading recorded), everyone else masked.
    birthNumber: {
      kind: 'birthNumber',
      label: 'Rodné číslo',
      section: 'person',
      help: 'Např. 900101/1234; u narozených před rokem 1954 devět číslic.',
      birthNumberOf: { birthDate: 'birthDate', sex: { field: 'gender', female: 'FEMALE' } },
    },
    citizenship: {
      kind: 'enum',
      label: 'Státní občanství',
      options: COUNTRY_OPTIONS,
      defaultValue: 'CZ',
      section: 'person',
      listed: false,
    },
    photo: {
      kind: 'image',
      label: 'Fotografie',
      uploadNamespace: 'members',
      listed: false,
      section: 'person',
    },
    email: { kind: 'email', label: 'E-mail', section: 'contact', listWidth: 130 },
    phone: { kind: 'phone', label: 'Telefon', maxLength: 30, section: 'contact' },
    address: { kind: 'longText', label: 'Adresa', maxLength: 500, listed: false, section: 'contact' },
    memberType: {
      kind: 'enum',
      label: 'Typ člena',
      options: enumOptions(MEMBER_TYPES, MEMBER_TYPE_LABELS),
      defaultValue: 'ATHLETE',
      section: 'club',
      listWidth: 108,
    },
    // A competing athlete (registered with the federation) needs a valid medical check to be sent to a
    // race (vyhláška č. 391/2013 Sb.); the sport register reports these dates.
    competingFrom: {
      kind: 'date',
      label: 'Závodí od',
      help: 'Registrovaný závodník: potřebuje platnou lékařskou prohlídku.',
      section: 'club',
      listed: false,
      span: 3,
    },
    competingTo: {
      kind: 'date',
      label: 'Závodí do',
      notBefore: 'competingFrom',
      section: 'club',
      listed: false,
      span: 3,
    },
    // The sport register reports trainers with these dates; a trainer's member type alone has none.
    coachingFrom: {
      kind: 'date',
      label: 'Trénuje od',
      help: 'Od kdy člen vede tréninky jako trenér (pro rejstřík sportu).',
      section: 'club',
      listed: false,
      span: 3,
    },
    coachingTo: {
      kind: 'date',
      label: 'Trénuje do',
      notBefore: 'coachingFrom',
      section: 'club',
      listed: false,
      span: 3,
    },
    // Kept by the medical checks' hooks: the validity of the member's latest check.
    medicalValidUntil: {
      kind: 'date',
      label: 'Lékařská prohlídka platí do',
      readOnly: true,
      section: 'club',
      listed: false,
      help: 'Podle poslední lékařské prohlídky; mění se s prohlídkami.',
    },
    registrationNumber: {
      kind: 'text',
      label: 'Registrační číslo',
      maxLength: 40,
      unique: true,
      section: 'club',
      listWidth: 108,
    },
    active: { kind: 'boolean', label: 'Aktivní', defaultValue: true, section: 'club', listWidth: 76 },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 5000, listed: false, section: 'club' },
  },
  defaultSort: { field: 'lastName', direction: 'asc' },
  searchFields: ['lastName', 'firstName', 'email', 'registrationNumber'],
  labelFields: ['lastName', 'firstName'],
  nameFields: ['firstName', 'lastName'],
  // Two of one name are told apart by the year of birth, the type and the groups they train in now.
  secondaryLabel: [
    { field: 'birthDate', year: true },
    { field: 'memberType' },
    { entity: 'group-member', by: 'member', field: 'group', current: { from: 'validFrom', to: 'validTo' } },
  ],
  filters: memberFilters,
  hooks: memberHooks,
  actions: { 'set-active': setMembersActive, ...personalDataActions },
};
