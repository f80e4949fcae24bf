import { type AttendanceStats, EXPORT_FORMATS, type MemberAttendance } from '@klubovna/shared';
import { addDays, pragueParts, pragueToUtc } from '@klubovna/shared/time/prague';
import { isoDateSchema, recordIdText } from '@klubovna/shared/validation/input-limits';
import { DATE_RANGE, refineRecordRules } from '@klubovna/shared/validation/record-rules';
import { z } from 'zod';
import type { EntityAction, RowCondition } from '../../engine/declaration/entity.types.ts';
import type { ExportColumn } from '../../engine/export/export-columns.ts';
import { SPREADSHEET_TYPES, spreadsheetAnswer } from '../../engine/export/export-file.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { statsAnswer } from './training.answers.ts';

const statsInput = z
  .object({ groupId: recordIdText, from: isoDateSchema, to: isoDateSchema })
  .superRefine(refineRecordRules(DATE_RANGE));

/** A member's row of the statistics, with the id and version every listed row carries. */
type MemberStats = MemberAttendance & { id: number; version: number };

/**
 * Attendance of a group's members over a date range: counts and the share present, cancelled trainings
 * left out. Only of a group in `groups` (the person's: those they train).
 */
async function groupStats(
  db: DynamicDb,
  input: z.infer<typeof statsInput>,
  groups: RowCondition,
): Promise<Omit<AttendanceStats, 'members'> & { members: MemberStats[] }> {
  const group = await db
    .selectFrom('training_groups')
    .select(['id', 'name'])
    .where('id', '=', input.groupId)
    .where(groups)
    .executeTakeFirst();
  if (!group) throw fieldError('groupId', 'Skupina neexistuje nebo byla smazána.');
  const trainings = (
    await db
      .selectFrom('trainings')
      .select(['id', 'starts_at'])
      .where('group_id', '=', input.groupId)
      .where('cancelled', '=', 0 as never)
      .where('starts_at', '>=', pragueToUtc(input.from, '00:00'))
      .where('starts_at', '<', pragueToUtc(addDays(input.to, 1), '00:00'))
      .execute()
  ).map((row) => ({ id: Number(row.id), date: pragueParts(new Date(row.starts_at)).date }));
  const memberships = await db
    .selectFrom('group_members as gm')
    .innerJoin('members as m', 'm.id', 'gm.member_id')
    .select([
      'gm.member_id',
      'gm.valid_from',
      'gm.valid_to',
      'm.first_name',
      'm.last_name',
      'm.last_name_sort',
      'm.first_name_sort',
    ])
    .where('gm.group_id', '=', input.groupId)
    .where('gm.valid_from', '<=', input.to)
    .where((eb) => eb.or([eb('gm.valid_to', 'is', null), eb('gm.valid_to', '>=', input.from)]))
    .orderBy('m.last_name_sort')
    .orderBy('m.first_name_sort')
    .execute();
  const marks = trainings.length
    ? await db
        .selectFrom('attendances')
        .select(['training_id', 'member_id', 'status'])
        .where(
          'training_id',
          'in',
          trainings.map((training) => training.id),
        )
        .execute()
    : [];
  const markOf = new Map(marks.map((row) => [`${row.training_id}:${row.member_id}`, row.status as string]));
  const byMember = new Map<number, MemberStats>();
  for (const membership of memberships) {
    const memberId = Number(membership.member_id);
    const stats = byMember.get(memberId) ?? {
      id: memberId,
      version: 1,
      memberId,
      firstName: membership.first_name,
      lastName: membership.last_name,
      trainings: 0,
      present: 0,
      absent: 0,
      excused: 0,
      unmarked: 0,
      share: null,
    };
    byMember.set(memberId, stats);
    for (const training of trainings) {
      if (
        training.date < membership.valid_from ||
        (membership.valid_to !== null && training.date > membership.valid_to)
      )
        continue;
      stats.trainings += 1;
      const status = markOf.get(`${training.id}:${memberId}`);
      if (status === 'PRESENT') stats.present += 1;
      else if (status === 'ABSENT') stats.absent += 1;
      else if (status === 'EXCUSED') stats.excused += 1;
      else stats.unmarked += 1;
    }
  }
  const members = [...byMember.values()].map((stats) => ({
    ...stats,
    share: stats.trainings > 0 ? stats.present / stats.trainings : null,
  }));
  const eligible = members.reduce((sum, member) => sum + member.trainings, 0);
  const present = members.reduce((sum, member) => sum + member.present, 0);
  return {
    group: { id: Number(group.id), name: group.name as string },
    from: input.from,
    to: input.to,
    trainings: trainings.length,
    share: eligible > 0 ? present / eligible : null,
    members,
  };
}

/** Statistics of a group's attendance over a date range. */
export const stats: EntityAction<typeof statsInput, typeof statsAnswer> = {
  label: 'Statistika docházky',
  method: 'GET',
  access: 'read',
  input: statsInput,
  output: statsAnswer,
  run: ({ db, input, rowsOf }) => groupStats(db, input, rowsOf('group', 'write')),
};

const number = (value: unknown) => ({ type: 'number' as const, value: Number(value) });
const STATS_COLUMNS: ExportColumn[] = [
  { header: 'Příjmení', width: 20, cell: (row) => ({ type: 'text', value: String(row.lastName) }) },
  { header: 'Jméno', width: 16, cell: (row) => ({ type: 'text', value: String(row.firstName) }) },
  { header: 'Tréninků', width: 10, cell: (row) => number(row.trainings) },
  { header: 'Přítomen', width: 10, cell: (row) => number(row.present) },
  { header: 'Nepřítomen', width: 12, cell: (row) => number(row.absent) },
  { header: 'Omluven', width: 10, cell: (row) => number(row.excused) },
  { header: 'Nezapsáno', width: 11, cell: (row) => number(row.unmarked) },
  {
    header: 'Účast %',
    width: 9,
    cell: (row) => (row.share === null ? null : number(Math.round((row.share as number) * 1000) / 10)),
  },
];

const exportInput = statsInput.and(z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') }));

/** The statistics as a spreadsheet: XLSX, or CSV for Czech Excel. */
export const exportStats: EntityAction<typeof exportInput> = {
  label: 'Export docházky',
  method: 'GET',
  access: 'read',
  produces: SPREADSHEET_TYPES,
  input: exportInput,
  run: async ({ db, input, rowsOf }) => {
    const result = await groupStats(db, input, rowsOf('group', 'write'));
    return spreadsheetAnswer({
      format: input.format,
      title: 'Docházka',
      baseName: `Docházka ${result.group.name} ${input.from} až ${input.to}`,
      columns: STATS_COLUMNS,
      rows: result.members,
    });
  },
};
