import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES } from '@klubovna/shared';
import type { EntityDeclaration, HookContext, Person } from '../../engine/declaration/entity.types.ts';
import type { Values } from '../../engine/records/record-mapper.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { isOwnMember, personal, trainedGroups } from '../people/index.ts';
import { attendanceActions } from './attendance.actions.ts';

// biome-ignore lint/suspicious/noExplicitAny: a subquery over the declared tables
const trainingsOf = (eb: any, person: Person) =>
  eb.selectFrom('trainings').select('id').where('group_id', 'in', trainedGroups(eb, person));

const ATTENDANCE_OPTIONS = ATTENDANCE_STATUSES.map((value) => ({ value, label: ATTENDANCE_LABELS[value] }));

/** Whether a member came to a training; marked on the attendance screen, one row per member and training. */
export const attendanceEntity: EntityDeclaration = {
  alias: 'attendance',
  table: 'attendances',
  labels: {
    singular: 'Docházka',
    plural: 'Docházka',
    count: { one: 'záznam docházky', few: 'záznamy docházky', many: 'záznamů docházky' },
    accusative: { one: 'záznam docházky', few: 'záznamy docházky', many: 'záznamů docházky' },
  },
  area: 'training',
  screens: 'api-only',
  rows: {
    read: personal((person, eb) =>
      eb.or([eb('training_id', 'in', trainingsOf(eb, person)), isOwnMember(eb, 'member_id', person)]),
    ),
    write: personal((person, eb) => eb('training_id', 'in', trainingsOf(eb, person))),
  },
  fields: {
    training: {
      kind: 'relation',
      label: 'Trénink',
      required: true,
      column: 'training_id',
      relation: { alias: 'training' },
    },
    member: {
      kind: 'relation',
      label: 'Člen',
      required: true,
      column: 'member_id',
      relation: { alias: 'member' },
    },
    status: { kind: 'enum', label: 'Docházka', required: true, options: ATTENDANCE_OPTIONS },
    note: { kind: 'text', label: 'Poznámka', maxLength: 300 },
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true, inForm: false, listed: false },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
  hooks: {
    beforeCreate: (context) => checkedAttendance(context, context.data, null),
    beforeUpdate: (context) => checkedAttendance(context, context.data, context.previous.id),
  },
  actions: attendanceActions,
};

/** One row per member and training; the title names both. */
async function checkedAttendance(
  { db }: HookContext,
  data: Values,
  exceptId: number | null,
): Promise<Values> {
  const [member, training] = await Promise.all([
    db
      .selectFrom('members')
      .select(['first_name', 'last_name'])
      .where('id', '=', data.member as number)
      .executeTakeFirst(),
    db
      .selectFrom('trainings')
      .select('title')
      .where('id', '=', data.training as number)
      .executeTakeFirst(),
  ]);
  if (!member || !training) return data;
  const name = `${member.first_name} ${member.last_name}`;
  const twice = await db
    .selectFrom('attendances')
    .select('id')
    .where('training_id', '=', data.training as number)
    .where('member_id', '=', data.member as number)
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  if (twice) throw fieldError('member', `${name} už má docházku na tomto tréninku zapsanou.`);
  return { ...data, title: `${name} – ${training.title}` };
}
