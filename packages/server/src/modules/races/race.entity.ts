import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { cancellationFeeHooks, signUpFeeFields } from '../payments/index.ts';
import { isTrainer, personal } from '../people/index.ts';
import { raceActions } from './race.actions.ts';

/** Races the club's members start in: when, where, in which categories, for how much. */
export const raceEntity: EntityDeclaration = {
  alias: 'race',
  table: 'races',
  labels: {
    singular: 'Závod',
    plural: 'Závody',
    count: { one: 'závod', few: 'závody', many: 'závodů' },
    accusative: { one: 'závod', few: 'závody', many: 'závodů' },
  },
  area: 'races',
  screens: { zone: 'races', list: '/admin/zavody', titles: { create: 'Nový závod', edit: 'Úprava závodu' } },
  rows: {
    // Races are the club's calendar: every account reads them; trainers enter and change them.
    read: () => undefined,
    write: personal((person, eb) => isTrainer(eb, person)),
  },
  sections: [
    { key: 'race', label: 'Závod' },
    { key: 'registration', label: 'Přihlášky a výsledky' },
  ],
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 150, section: 'race' },
    dateFrom: { kind: 'date', label: 'Datum', required: true, section: 'race', span: 3 },
    dateTo: {
      kind: 'date',
      label: 'Do',
      notBefore: 'dateFrom',
      section: 'race',
      span: 3,
      help: 'Jen u vícedenního závodu.',
    },
    place: { kind: 'text', label: 'Místo', maxLength: 200, section: 'race' },
    discipline: { kind: 'text', label: 'Disciplína', maxLength: 100, section: 'race' },
    categories: {
      kind: 'text',
      label: 'Kategorie',
      maxLength: 500,
      listed: false,
      help: 'Oddělte čárkou, např. Muži, Ženy, Junioři.',
      section: 'race',
    },
    registrationDeadline: {
      kind: 'date',
      label: 'Přihlášky do',
      notAfter: 'dateFrom',
      section: 'registration',
      span: 4,
    },
    entryFee: {
      kind: 'money',
      label: 'Startovné',
      min: 0,
      max: 100_000_000,
      help: 'Každý přihlášený dostane platbu na tuto částku. Prázdné: bez platby.',
      section: 'registration',
      span: 4,
    },
    ...signUpFeeFields(100_000_000, 'Nejpozději však den závodu.'),
    resultsUrl: { kind: 'url', label: 'Výsledky', listed: false, section: 'registration', span: 12 },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 5000, listed: false, section: 'registration' },
  },
  defaultSort: { field: 'dateFrom', direction: 'desc' },
  searchFields: ['name', 'place', 'discipline'],
  labelFields: ['name'],
  secondaryLabel: [{ field: 'dateFrom' }],
  hooks: cancellationFeeHooks('entryFee', 'cancellationFee', 'startovné'),
  actions: raceActions,
};
