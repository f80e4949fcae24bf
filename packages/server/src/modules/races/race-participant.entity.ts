import { API_PATHS, raceCategories } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { signUpFeeEffects, signUpPaymentStatesOf } from '../payments/index.ts';
import { isOwnOrTrainee, personal, trainees } from '../people/index.ts';
import { raceEntryHooks } from './race.rules.ts';

/**
 * A member's start in a race: the category, and the result once the race is run. The entries are a
 * sign-up list without places: everyone entered starts, and is asked the race's entry fee as a payment
 * request.
 */
export const raceParticipantEntity: EntityDeclaration = {
  alias: 'race-participant',
  table: 'race_participants',
  labels: {
    singular: 'Účastník závodu',
    plural: 'Účastníci závodů',
    count: { one: 'účastník závodu', few: 'účastníci závodů', many: 'účastníků závodů' },
    accusative: { one: 'účastníka závodu', few: 'účastníky závodů', many: 'účastníků závodů' },
  },
  area: 'races',
  screens: 'api-only',
  rows: {
    read: personal((person, eb) => isOwnOrTrainee(eb, 'member', person)),
    write: personal((person, eb) => eb('member', 'in', trainees(eb, person))),
  },
  fields: {
    race: {
      kind: 'relation',
      label: 'Závod',
      required: true,
      relation: { alias: 'race', onDelete: 'delete' },
    },
    member: { kind: 'relation', label: 'Člen', required: true, relation: { alias: 'member' } },
    category: { kind: 'text', label: 'Kategorie', maxLength: 100 },
    resultTime: {
      kind: 'text',
      label: 'Čas',
      maxLength: 20,
      pattern: '^(\\d{1,3}:)?[0-5]?\\d:[0-5]\\d([.,]\\d{1,3})?$',
      patternMessage: 'Čas zapište jako 45:12, 1:02:03 nebo 9:58,4.',
    },
    resultPlace: { kind: 'integer', label: 'Umístění', min: 1, max: 100_000 },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 1000, listed: false },
    // Kept by the hooks: the entry's member had no medical check valid on the race's day when signed up.
    medicalWarning: {
      kind: 'text',
      label: 'Lékařská prohlídka',
      maxLength: 300,
      readOnly: true,
      inForm: false,
      sortable: false,
    },
    // Kept by the sign-up list: names the record in lists and dialogs and makes it findable by the member's name.
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true, listed: false },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
  signUps: {
    parent: 'race',
    member: 'member',
    deadline: 'registrationDeadline',
    title: 'title',
    twice: ({ member, parent, memberRecord }) =>
      `${member} už je do závodu ${parent} ${memberRecord.gender === 'FEMALE' ? 'přihlášena' : 'přihlášen'}.`,
    list: {
      path: API_PATHS.raceParticipants,
      label: 'Účastníci závodu',
      fields: ['category', 'resultTime', 'resultPlace', 'note', 'medicalWarning'],
      memberFields: ['firstName', 'lastName'],
      details: (race) => ({
        categories: raceCategories(race.categories as string | null),
        resultsOpen: (race.dateFrom as string) <= pragueToday(),
      }),
      more: signUpPaymentStatesOf('race'),
    },
    effects: signUpFeeEffects({
      source: 'race',
      title: (race) => `Závod ${race.name}`,
      deleted: 'závod byl smazán',
      free: 'závod je nově bez startovného',
      price: 'entryFee',
      cancellationFee: 'cancellationFee',
      dueDays: 'paymentDueDays',
      firstDay: 'dateFrom',
    }),
  },
  hooks: raceEntryHooks,
};
