import { DEFAULT_CURRENCY } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { cancellationFeeHooks, signUpFeeFields } from '../payments/index.ts';
import { personal, trainedGroups } from '../people/index.ts';
import { campActions } from './camp.actions.ts';

/**
 * Training camps: when, where, for how much, for how many, and whom the club invites. Their
 * participants and waiting list are the sign-ups of `camp-participant`.
 */
export const campEntity: EntityDeclaration = {
  alias: 'camp',
  table: 'camps',
  labels: {
    singular: 'Soustředění',
    plural: 'Soustředění',
    count: { one: 'soustředění', few: 'soustředění', many: 'soustředění' },
    accusative: { one: 'soustředění', few: 'soustředění', many: 'soustředění' },
  },
  area: 'training',
  screens: {
    zone: 'training',
    list: '/admin/soustredeni',
    titles: { create: 'Nové soustředění', edit: 'Úprava soustředění' },
  },
  rows: {
    // Camps are the club's calendar: every account reads them; a trainer changes those inviting a group
    // they train.
    read: () => undefined,
    write: personal((person, eb) =>
      eb(
        'id',
        'in',
        eb.selectFrom('camps_groups').select('owner_id').where('target_id', 'in', trainedGroups(eb, person)),
      ),
    ),
  },
  sections: [
    { key: 'camp', label: 'Soustředění' },
    { key: 'registration', label: 'Přihlášky' },
  ],
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 150, section: 'camp' },
    dateFrom: { kind: 'date', label: 'Od', required: true, section: 'camp', span: 3 },
    dateTo: { kind: 'date', label: 'Do', required: true, notBefore: 'dateFrom', section: 'camp', span: 3 },
    place: { kind: 'text', label: 'Místo', maxLength: 200, section: 'camp' },
    description: { kind: 'longText', label: 'Popis', maxLength: 5000, listed: false, section: 'camp' },
    price: {
      kind: 'money',
      label: 'Cena',
      min: 0,
      // Haléře: up to 10 000 000 Kč.
      max: 1_000_000_000,
      defaultValue: { amount: 0, currency: DEFAULT_CURRENCY },
      help: 'Přihlášený člen, který dostane místo, dostane platbu na tuto cenu. Nula: bez platby.',
      section: 'registration',
      span: 4,
    },
    ...signUpFeeFields(1_000_000_000, 'Nejpozději však první den soustředění.'),
    capacity: {
      kind: 'integer',
      label: 'Kapacita',
      min: 1,
      max: 10_000,
      help: 'Prázdné: bez omezení. Další přihlášení čekají v pořadí na uvolněné místo.',
      section: 'registration',
      span: 4,
    },
    registrationDeadline: {
      kind: 'date',
      label: 'Přihlášky do',
      notAfter: 'dateTo',
      section: 'registration',
      span: 4,
    },
    groups: {
      kind: 'relationMany',
      label: 'Pozvané skupiny',
      relation: { alias: 'group', onDelete: 'cascade' },
      section: 'registration',
      span: 12,
    },
  },
  defaultSort: { field: 'dateFrom', direction: 'desc' },
  searchFields: ['name', 'place'],
  labelFields: ['name'],
  secondaryLabel: [{ field: 'dateFrom' }],
  hooks: cancellationFeeHooks('price', 'cancellationFee', 'cena'),
  actions: campActions,
};
