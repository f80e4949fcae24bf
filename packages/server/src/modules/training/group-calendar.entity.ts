import { randomBytes } from 'node:crypto';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isTrainedGroup, personal } from '../people/index.ts';

/** A secret, revocable token: whoever has the group's calendar address reads its trainings. */
export const newCalendarToken = () => randomBytes(24).toString('base64url');

/**
 * The calendar feed of a group: its secret token. Kept apart from the group so that the token is
 * never part of the group's form or lists; the group form shows the feed's address instead.
 */
export const groupCalendarEntity: EntityDeclaration = {
  alias: 'group-calendar',
  table: 'group_calendars',
  labels: {
    singular: 'Kalendář skupiny',
    plural: 'Kalendáře skupin',
    count: { one: 'kalendář skupiny', few: 'kalendáře skupin', many: 'kalendářů skupin' },
    accusative: { one: 'kalendář skupiny', few: 'kalendáře skupin', many: 'kalendářů skupin' },
  },
  area: 'training',
  screens: 'api-only',
  rows: { read: personal((person, eb) => isTrainedGroup(eb, 'group_id', person)) },
  fields: {
    group: {
      kind: 'relation',
      label: 'Skupina',
      required: true,
      column: 'group_id',
      relation: { alias: 'group' },
    },
    token: { kind: 'text', label: 'Klíč', maxLength: 64, readOnly: true, listed: false },
  },
  defaultSort: { field: 'token', direction: 'asc' },
  searchFields: [],
  labelFields: ['token'],
  hooks: {
    beforeCreate: ({ data }) => ({ ...data, token: newCalendarToken() }),
  },
};
