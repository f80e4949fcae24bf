import { czechDate, pragueParts } from '@klubovna/shared/time/prague';
import type { EntityDeclaration, HookContext } from '../../engine/declaration/entity.types.ts';
import type { Values } from '../../engine/records/record-mapper.ts';
import { insertJob } from '../jobs/index.ts';
import { isTrainedGroup, ownGroups, personal } from '../people/index.ts';
import { LED_BY_TRAINERS } from './trainer-rules.ts';
import { trainingActions } from './training.actions.ts';

/** One training of a group: when (stored in UTC, shown in Prague time), where, who leads it. */
export const trainingEntity: EntityDeclaration = {
  alias: 'training',
  table: 'trainings',
  labels: {
    singular: 'Trénink',
    plural: 'Tréninky',
    count: { one: 'trénink', few: 'tréninky', many: 'tréninků' },
    accusative: { one: 'trénink', few: 'tréninky', many: 'tréninků' },
  },
  area: 'training',
  screens: {
    zone: 'training',
    list: '/admin/treninky',
    titles: { create: 'Nový trénink', edit: 'Úprava tréninku' },
  },
  rows: {
    read: personal((person, eb) =>
      eb.or([isTrainedGroup(eb, 'group_id', person), eb('group_id', 'in', ownGroups(eb, person))]),
    ),
    write: personal((person, eb) => isTrainedGroup(eb, 'group_id', person)),
  },
  sections: [
    { key: 'training', label: 'Trénink' },
    { key: 'cancel', label: 'Zrušení' },
  ],
  fields: {
    group: {
      kind: 'relation',
      label: 'Skupina',
      required: true,
      column: 'group_id',
      relation: { alias: 'group' },
      section: 'training',
    },
    startsAt: { kind: 'dateTime', label: 'Začátek', required: true, section: 'training', span: 3 },
    endsAt: {
      kind: 'dateTime',
      label: 'Konec',
      required: true,
      notBefore: 'startsAt',
      section: 'training',
      span: 3,
    },
    place: { kind: 'text', label: 'Místo', maxLength: 200, section: 'training' },
    trainers: {
      kind: 'relationMany',
      label: 'Trenéři',
      relation: LED_BY_TRAINERS,
      help: 'Prázdné: vedou ho trenéři skupiny.',
      section: 'training',
      span: 12,
    },
    description: { kind: 'longText', label: 'Popis', maxLength: 2000, listed: false, section: 'training' },
    cancelled: { kind: 'boolean', label: 'Zrušeno', section: 'cancel', span: 3 },
    cancelReason: { kind: 'text', label: 'Důvod zrušení', maxLength: 300, section: 'cancel' },
    // Kept by the hooks: the key of the series the training was created in, and its name in lists.
    series: { kind: 'text', label: 'Série', maxLength: 40, readOnly: true, inForm: false, listed: false },
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true, inForm: false, listed: false },
  },
  defaultSort: { field: 'startsAt', direction: 'desc' },
  searchFields: ['title', 'place'],
  labelFields: ['title'],
  hooks: {
    beforeCreate: (context) => checkedTraining(context, context.data),
    beforeUpdate: (context) => checkedTraining(context, context.data),
    // Its group hears of a cancellation at the next poll (a job queued only if the change commits).
    afterUpdate: async ({ db, record, previous }) => {
      if (record.cancelled && !previous.cancelled) await insertJob(db, { kind: 'reminders' });
    },
    // Attendance belongs to its training and goes with it.
    beforeDelete: async ({ db, previous }) => {
      await db.deleteFrom('attendances').where('training_id', '=', previous.id).execute();
    },
  },
  actions: trainingActions,
};

/** The title "group, date time". */
async function checkedTraining(context: HookContext, data: Values): Promise<Values> {
  const startsAt = data.startsAt as string;
  const group = await context.db
    .selectFrom('training_groups')
    .select('name')
    .where('id', '=', data.group as number)
    .executeTakeFirst();
  const start = pragueParts(startsAt);
  return { ...data, title: `${group?.name ?? ''} ${czechDate(start.date)} ${start.time}`.trim() };
}
