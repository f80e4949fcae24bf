import { API_PATHS, SIGN_UP_STATUS_OPTIONS } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { signUpFeeEffects, signUpPaymentStatesOf } from '../payments/index.ts';
import { isOwnOrTrainee, personal, trainees } from '../people/index.ts';

/**
 * A member signed up for a camp. Past the camp's capacity they wait, in the order they signed up
 * (`queue`), and move up when a place frees: the engine's sign-up list keeps status and order. Who gets
 * a place is asked the camp's price as a payment request, whose state the list shows (`paymentState`).
 */
export const campParticipantEntity: EntityDeclaration = {
  alias: 'camp-participant',
  table: 'camp_participants',
  labels: {
    singular: 'Účastník soustředění',
    plural: 'Účastníci soustředění',
    count: { one: 'účastník soustředění', few: 'účastníci soustředění', many: 'účastníků soustředění' },
    accusative: { one: 'účastníka soustředění', few: 'účastníky soustředění', many: 'účastníků soustředění' },
  },
  area: 'training',
  screens: 'api-only',
  rows: {
    read: personal((person, eb) => isOwnOrTrainee(eb, 'member', person)),
    write: personal((person, eb) => eb('member', 'in', trainees(eb, person))),
  },
  fields: {
    camp: {
      kind: 'relation',
      label: 'Soustředění',
      required: true,
      relation: { alias: 'camp', onDelete: 'delete' },
    },
    member: { kind: 'relation', label: 'Člen', required: true, relation: { alias: 'member' } },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 1000, listed: false },
    status: {
      kind: 'enum',
      label: 'Stav',
      options: SIGN_UP_STATUS_OPTIONS,
      readOnly: true,
    },
    queue: { kind: 'integer', label: 'Pořadí přihlášky', readOnly: true },
    // Kept by the sign-up list: names the record in lists and dialogs and makes it findable by the member's name.
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true, listed: false },
  },
  defaultSort: { field: 'queue', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
  signUps: {
    parent: 'camp',
    member: 'member',
    places: { capacity: 'capacity', status: 'status', queue: 'queue' },
    deadline: 'registrationDeadline',
    title: 'title',
    twice: ({ member, parent, waiting }) =>
      waiting
        ? `${member} už na soustředění ${parent} čeká na místo.`
        : `${member} už je mezi účastníky soustředění ${parent}.`,
    list: {
      path: API_PATHS.campParticipants,
      label: 'Účastníci soustředění',
      fields: ['note'],
      memberFields: ['firstName', 'lastName', 'birthDate'],
      more: signUpPaymentStatesOf('camp'),
    },
    // Asked only of who gets a place: a waiting member is asked when they move up.
    effects: signUpFeeEffects({
      source: 'camp',
      title: (camp) => `Soustředění ${camp.name}`,
      deleted: 'soustředění bylo smazáno',
      free: 'soustředění je nově zdarma',
      price: 'price',
      cancellationFee: 'cancellationFee',
      dueDays: 'paymentDueDays',
      firstDay: 'dateFrom',
    }),
  },
};
