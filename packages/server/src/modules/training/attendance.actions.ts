import { ATTENDANCE_STATUSES, type AttendanceSheet, type AttendanceStatus } from '@klubovna/shared';
import { pragueParts } from '@klubovna/shared/time/prague';
import { recordIdSchema, recordIdText } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { EntityAction, RowCondition } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { exportStats, stats } from './attendance-stats.actions.ts';
import { markAnswer, sheetAnswer } from './training.answers.ts';

const STATUS = z.enum(ATTENDANCE_STATUSES);

/** The training of a sheet, with its Prague day. */
type SheetTraining = AttendanceSheet['training'];

/** A training of `trainings` (the person's: of the groups they train) with its group's name. */
async function findTraining(db: DynamicDb, id: number, trainings: RowCondition): Promise<SheetTraining> {
  const row = await db
    .selectFrom('trainings as t')
    .innerJoin('training_groups as g', 'g.id', 't.group_id')
    .select([
      't.id',
      't.title',
      't.starts_at',
      't.ends_at',
      't.place',
      't.cancelled',
      't.cancel_reason',
      't.group_id',
      'g.name as group_name',
    ])
    .where('t.id', '=', id)
    .where('t.id', 'in', db.selectFrom('trainings').select('id').where(trainings))
    .executeTakeFirst();
  if (!row) throw fieldError('trainingId', 'Trénink neexistuje nebo byl smazán.');
  const startsAt = new Date(row.starts_at).toISOString();
  return {
    id: Number(row.id),
    title: row.title,
    startsAt,
    endsAt: new Date(row.ends_at).toISOString(),
    place: row.place,
    cancelled: Boolean(row.cancelled),
    cancelReason: row.cancel_reason,
    groupId: Number(row.group_id),
    groupName: row.group_name,
    date: pragueParts(startsAt).date,
  };
}

/** Who belongs on a training's sheet: the group's members on its day, and anyone already marked. */
async function sheetMembers(db: DynamicDb, training: SheetTraining): Promise<AttendanceSheet['members']> {
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('attendances as a', (join) =>
      join.onRef('a.member_id', '=', 'm.id').on('a.training_id', '=', training.id),
    )
    .select(['m.id', 'm.first_name', 'm.last_name', 'a.status', 'a.note'])
    .where((eb) =>
      eb.or([
        eb('a.id', 'is not', null),
        eb(
          'm.id',
          'in',
          eb
            .selectFrom('group_members')
            .select('member_id')
            .where('group_id', '=', training.groupId)
            .where('valid_from', '<=', training.date)
            .where((inner) =>
              inner.or([inner('valid_to', 'is', null), inner('valid_to', '>=', training.date)]),
            ),
        ),
      ]),
    )
    .orderBy('m.last_name_sort')
    .orderBy('m.first_name_sort')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({
    memberId: Number(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    status: (row.status as AttendanceStatus | null) ?? null,
    note: row.note ?? null,
  }));
}

const sheetInput = z.object({ trainingId: recordIdText });

/** A training's attendance sheet: the training and its members, each with what is marked. */
const sheet: EntityAction<typeof sheetInput, typeof sheetAnswer> = {
  label: 'Docházka tréninku',
  method: 'GET',
  access: 'read',
  input: sheetInput,
  output: sheetAnswer,
  run: async ({ db, input, rowsOf }): Promise<AttendanceSheet> => {
    // The whole sheet is the trainer's (and the office's); a member sees their own marks in the list.
    const training = await findTraining(db, input.trainingId, rowsOf('training', 'write'));
    return { training, members: await sheetMembers(db, training) };
  },
};

const markInput = z.object({
  trainingId: recordIdSchema,
  memberId: recordIdSchema,
  /** null clears the mark. */
  status: STATUS.nullable(),
  note: z.string().max(300).nullish(),
});

/** Marks one member on one training, as the trainer taps: creates, changes or clears the mark. */
const mark: EntityAction<typeof markInput, typeof markAnswer> = {
  label: 'Zapsat docházku',
  input: markInput,
  output: markAnswer,
  run: async ({ db, input, records, rowsOf }) => {
    const training = await findTraining(db, input.trainingId, rowsOf('training', 'write'));
    const onSheet = (await sheetMembers(db, training)).some((member) => member.memberId === input.memberId);
    if (!onSheet) throw fieldError('memberId', 'Člen na tento trénink nepatří: v jeho den není ve skupině.');
    const existing = await db
      .selectFrom('attendances')
      .select('id')
      .where('training_id', '=', input.trainingId)
      .where('member_id', '=', input.memberId)
      .executeTakeFirst();
    if (input.status === null) {
      if (existing) await records.delete('attendance', [Number(existing.id)]);
      return { status: null, note: null };
    }
    const values = {
      training: input.trainingId,
      member: input.memberId,
      status: input.status,
      note: input.note ?? null,
    };
    const saved = existing
      ? await records.update('attendance', Number(existing.id), {
          ...(await records.read('attendance', Number(existing.id))),
          ...values,
        })
      : await records.create('attendance', values);
    return { status: saved.status as AttendanceStatus, note: (saved.note as string | null) ?? null };
  },
};

export const attendanceActions = { sheet, mark, stats, export: exportStats };
