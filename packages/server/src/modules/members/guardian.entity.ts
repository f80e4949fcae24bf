import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isOwnMember, personal } from '../people/index.ts';

export const GUARDIAN_RELATIONSHIPS = [
  { value: 'MOTHER', label: 'Matka' },
  { value: 'FATHER', label: 'Otec' },
  { value: 'OTHER', label: 'Jiný zákonný zástupce' },
] as const;

/**
 * A guardian of a member (a parent of a minor). With an account named, that account sees and manages
 * the member as its own: one parent, several children, one sign-in.
 */
export const guardianEntity: EntityDeclaration = {
  alias: 'guardian',
  table: 'guardians',
  labels: {
    singular: 'Zákonný zástupce',
    plural: 'Zákonní zástupci',
    count: { one: 'zákonný zástupce', few: 'zákonní zástupci', many: 'zákonných zástupců' },
    accusative: { one: 'zákonného zástupce', few: 'zákonné zástupce', many: 'zákonných zástupců' },
  },
  area: 'members',
  screens: {
    zone: 'members',
    list: '/admin/zakonni-zastupci',
    titles: { create: 'Nový zákonný zástupce', edit: 'Úprava zákonného zástupce' },
  },
  rows: {
    read: personal((person, eb) =>
      eb.or([isOwnMember(eb, 'member', person), eb('account', '=', person.userId)]),
    ),
    write: personal(false),
  },
  fields: {
    member: {
      kind: 'relation',
      label: 'Člen (dítě)',
      required: true,
      relation: { alias: 'member', onDelete: 'delete' },
    },
    name: { kind: 'text', label: 'Jméno a příjmení', required: true, maxLength: 200 },
    relationship: { kind: 'enum', label: 'Vztah', options: GUARDIAN_RELATIONSHIPS, defaultValue: 'MOTHER' },
    phone: { kind: 'phone', label: 'Telefon', maxLength: 30 },
    email: { kind: 'email', label: 'E-mail' },
    account: {
      kind: 'relation',
      label: 'Účet v Klubovně',
      relation: { alias: 'user', onDelete: 'cascade' },
      help: 'Účet, kterým zástupce spravuje údaje dítěte. Párování jej doplní podle e-mailu.',
    },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 1000, listed: false },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name', 'email', 'phone'],
  labelFields: ['name'],
  hooks: {
    normalize: (data) =>
      typeof data.email === 'string' ? { ...data, email: data.email.trim().toLowerCase() } : data,
  },
};
