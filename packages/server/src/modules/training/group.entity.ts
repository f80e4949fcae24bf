import type { EntityDeclaration, HookContext } from '../../engine/entity.types.ts';
import { fieldError } from '../../engine/record-writes.service.ts';
import { groupActions } from './group.actions.ts';
import { currentSeason } from './season.ts';

/** Training groups: who trains together, led by which trainers, up to what capacity. */
export const groupEntity: EntityDeclaration = {
  alias: 'group',
  table: 'training_groups',
  labels: {
    singular: 'Skupina',
    plural: 'Skupiny',
    count: { one: 'skupina', few: 'skupiny', many: 'skupin' },
  },
  area: 'training',
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
      relation: { alias: 'member', onDelete: 'cascade' },
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
  hooks: {
    beforeCreate: async (context) => {
      await assertTrainers(context, context.data.trainers);
      return undefined;
    },
    beforeUpdate: async (context) => {
      await assertTrainers(context, context.data.trainers);
      return undefined;
    },
  },
  actions: groupActions,
};

/** Only trainers and head trainers lead a group; the refusal names who is not one. */
async function assertTrainers({ db }: HookContext, trainers: unknown) {
  const ids = Array.isArray(trainers) ? (trainers as number[]) : [];
  if (ids.length === 0) return;
  const athletes = await db
    .selectFrom('members')
    .select(['first_name', 'last_name'])
    .where('id', 'in', ids)
    .where((eb) =>
      eb.or([eb('member_type', 'not in', ['TRAINER', 'HEAD_TRAINER']), eb('member_type', 'is', null)]),
    )
    .orderBy('last_name_sort')
    .execute();
  if (athletes.length === 0) return;
  const names = athletes.map((row) => `${row.first_name} ${row.last_name}`).join(', ');
  throw fieldError('trainers', `Trenérem skupiny může být jen trenér nebo vedoucí trenér, ne: ${names}.`);
}
