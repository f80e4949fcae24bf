import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isTrainedGroup, officeOnly, ownGroups, personal } from '../people/index.ts';
import { groupActions } from './group.actions.ts';
import { currentSeason } from './season.ts';
import { LED_BY_TRAINERS } from './trainer-rules.ts';

/** Training groups: who trains together, led by which trainers, up to what capacity. */
export const groupEntity: EntityDeclaration = {
  alias: 'group',
  table: 'training_groups',
  labels: {
    singular: 'Skupina',
    plural: 'Skupiny',
    count: { one: 'skupina', few: 'skupiny', many: 'skupin' },
    accusative: { one: 'skupinu', few: 'skupiny', many: 'skupin' },
  },
  area: 'training',
  screens: {
    zone: 'training',
    list: '/admin/skupiny',
    titles: { create: 'Nová skupina', edit: 'Úprava skupiny' },
  },
  rows: {
    read: personal((person, eb) =>
      eb.or([isTrainedGroup(eb, 'id', person), eb('id', 'in', ownGroups(eb, person))]),
    ),
    // A trainer keeps their group's description and calendar address; the rest is the office's.
    write: personal((person, eb) => isTrainedGroup(eb, 'id', person)),
    create: officeOnly,
    delete: officeOnly,
    writableFields: ['description'],
  },
  sections: [
    { key: 'group', label: 'Skupina' },
    { key: 'details', label: 'Podrobnosti' },
  ],
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 100, section: 'group' },
    category: { kind: 'relation', label: 'Kategorie', relation: { alias: 'category' }, section: 'group' },
    season: {
      kind: 'text',
      label: 'Sezóna',
      required: true,
      maxLength: 9,
      pattern: '^\\d{4}/\\d{4}$',
      patternMessage: 'Sezónu zapište jako 2026/2027.',
      defaultValue: currentSeason(),
      section: 'group',
    },
    trainers: {
      kind: 'relationMany',
      label: 'Trenéři',
      relation: LED_BY_TRAINERS,
      help: 'Členové typu trenér nebo vedoucí trenér.',
      section: 'group',
      span: 12,
    },
    capacity: { kind: 'integer', label: 'Kapacita', min: 1, max: 1000, section: 'details', span: 3 },
    color: { kind: 'color', label: 'Barva', section: 'details', span: 3 },
    active: { kind: 'boolean', label: 'Aktivní', defaultValue: true, section: 'details', span: 3 },
    description: { kind: 'longText', label: 'Popis', maxLength: 2000, listed: false, section: 'details' },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name', 'season'],
  labelFields: ['name'],
  secondaryLabel: [{ field: 'season' }],
  hooks: {
    // The calendar address belongs to the group and goes with it.
    beforeDelete: async ({ db, previous }) => {
      await db.deleteFrom('group_calendars').where('group_id', '=', previous.id).execute();
    },
  },
  actions: groupActions,
};
