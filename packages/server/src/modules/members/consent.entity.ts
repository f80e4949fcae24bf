import { CONSENT_KINDS } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isOwnMember, officeOnly, personal } from '../people/index.ts';
import { consentHooks } from './consent.rules.ts';

/**
 * A member's consent of one kind (photos on the public site, name on the public site, the club's
 * e-mails): given or revoked by the member or, for a minor, a guardian; who recorded each change and
 * when is the record's history.
 */
export const consentEntity: EntityDeclaration = {
  alias: 'consent',
  table: 'consents',
  labels: {
    singular: 'Souhlas',
    plural: 'Souhlasy',
    count: { one: 'souhlas', few: 'souhlasy', many: 'souhlasů' },
    accusative: { one: 'souhlas', few: 'souhlasy', many: 'souhlasů' },
  },
  area: 'consents',
  screens: {
    zone: 'members',
    list: '/admin/souhlasy',
    titles: { create: 'Nový souhlas', edit: 'Úprava souhlasu' },
  },
  rows: {
    read: personal((person, eb) => isOwnMember(eb, 'member', person)),
    delete: officeOnly,
    writableFields: ['member', 'kind', 'granted', 'givenBy', 'givenOn', 'note'],
  },
  fields: {
    member: {
      kind: 'relation',
      label: 'Člen',
      required: true,
      relation: { alias: 'member', onDelete: 'delete' },
    },
    kind: { kind: 'enum', label: 'Souhlas s', required: true, options: CONSENT_KINDS },
    granted: {
      kind: 'boolean',
      label: 'Uděleno',
      defaultValue: true,
      help: 'Odškrtnutím se souhlas odvolá.',
    },
    givenBy: {
      kind: 'text',
      label: 'Kdo souhlas dal',
      maxLength: 200,
      help: 'Člen, nebo u nezletilého zákonný zástupce.',
    },
    givenOn: { kind: 'date', label: 'Datum' },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 1000, listed: false },
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true, inForm: false, listed: false },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title', 'givenBy'],
  labelFields: ['title'],
  hooks: consentHooks,
};
