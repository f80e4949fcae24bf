import {
  ATTENDANCE_STATUSES,
  type AttendanceSheet,
  type AttendanceStats,
  type CalendarTraining,
  type GroupMembersPage,
  type GroupMembersSaved,
  type GroupSetupCandidates,
  type TrainingSeriesPlan,
} from '@klubovna/shared';
import { z } from 'zod';
import { namedAnswer } from '../../http/shared-answers.ts';

const id = z.number().int();
const count = z.number().int();
const share = z.number().nullable().meta({ description: 'Podíl přítomných, 0–1; null bez tréninků.' });

/** The group entity's `setup-candidates` (`GroupSetupCandidates`). */
export const setupCandidatesAnswer = z.object({
  from: z.string(),
  categories: z.array(
    z.object({
      id,
      name: z.string(),
      ageFrom: z.number().int().nullable(),
      ageTo: z.number().int().nullable(),
    }),
  ),
  groups: z.array(
    z.object({ id, name: z.string(), categoryId: id.nullable(), capacity: z.number().int().nullable() }),
  ),
  members: z.array(
    z.object({
      id,
      firstName: z.string(),
      lastName: z.string(),
      birthYear: z.number().int().nullable(),
      memberType: z.string().nullable(),
      active: z.boolean(),
      groupIds: z.array(id),
    }),
  ),
}) satisfies z.ZodType<GroupSetupCandidates>;

/** The group entity's `set-members` (`GroupMembersSaved`). */
export const groupMembersSavedAnswer = z.object({
  added: count,
  removed: count,
  backdated: count,
  members: count,
}) satisfies z.ZodType<GroupMembersSaved>;

/** The group-member entity's `get-group-members` (`GroupMembersPage`). */
export const groupMembersPageAnswer = z.object({
  items: z.array(
    z.object({
      id,
      groupId: id,
      groupName: z.string(),
      memberId: id,
      firstName: z.string(),
      lastName: z.string(),
      validFrom: z.string(),
      validTo: z.string().nullable(),
      role: z.string().nullable(),
      version: z.number().int(),
    }),
  ),
  total: count,
  page: count,
  limit: count,
}) satisfies z.ZodType<GroupMembersPage>;

/** A group's calendar feed link: its token, null when there is none. */
export const calendarTokenAnswer = z.object({ token: z.string().nullable() });

/** The training entity's `create-series` (`TrainingSeriesPlan`). */
export const seriesPlanAnswer = z.object({
  trainings: z.array(z.object({ date: z.string(), startsAt: z.string(), endsAt: z.string() })),
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
  created: count,
  series: z.string().optional(),
}) satisfies z.ZodType<TrainingSeriesPlan>;

/** The training entity's `apply-to-series`: how many later trainings of the series changed. */
export const seriesUpdatedAnswer = z.object({ updated: count });

/** The training entity's `calendar` (`CalendarTraining[]`). */
export const calendarAnswer = z.array(
  z.object({
    id,
    startsAt: z.string(),
    endsAt: z.string(),
    place: z.string().nullable(),
    cancelled: z.boolean(),
    groupId: id,
    groupName: z.string(),
    color: z.string().nullable(),
  }),
) satisfies z.ZodType<CalendarTraining[]>;

const attendanceStatus = z.enum(ATTENDANCE_STATUSES);

/** The attendance entity's `sheet` (`AttendanceSheet`). */
export const sheetAnswer = z.object({
  training: z.object({
    id,
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    place: z.string().nullable(),
    cancelled: z.boolean(),
    cancelReason: z.string().nullable(),
    groupId: id,
    groupName: z.string(),
    date: z.string(),
  }),
  members: z.array(
    z.object({
      memberId: id,
      firstName: z.string(),
      lastName: z.string(),
      status: attendanceStatus.nullable(),
      note: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<AttendanceSheet>;

/** The attendance entity's `mark`: the mark as saved, both null when cleared. */
export const markAnswer = z.object({ status: attendanceStatus.nullable(), note: z.string().nullable() });

/** The attendance entity's `stats` (`AttendanceStats`, each member's row with its id and version). */
export const statsAnswer = z.object({
  group: namedAnswer,
  from: z.string(),
  to: z.string(),
  trainings: count,
  share,
  members: z.array(
    z.object({
      id,
      version: z.number().int(),
      memberId: id,
      firstName: z.string(),
      lastName: z.string(),
      trainings: count,
      present: count,
      absent: count,
      excused: count,
      unmarked: count,
      share,
    }),
  ),
}) satisfies z.ZodType<AttendanceStats>;
