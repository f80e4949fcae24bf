import { randomUUID } from 'node:crypto';
import { API_PATHS, type CalendarTraining, type TrainingSeriesPlan } from '@klubovna/shared';
import { addDays, pragueParts, pragueToUtc } from '@klubovna/shared/time/prague';
import {
  isoDateSchema,
  pickedRecordId,
  recordIdSchema,
  recordIdText,
} from '@klubovna/shared/validation/input-limits';
import { DATE_RANGE, refineRecordRules } from '@klubovna/shared/validation/record-rules';
import { z } from 'zod';
import type { EntityAction } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { calendarAnswer, seriesPlanAnswer, seriesUpdatedAnswer } from './training.answers.ts';
import { planSeries } from './training-series.ts';

/** The most trainings one series may create: three a week for a long season. */
const MAX_SERIES_TRAININGS = 400;
const TIME = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Zadejte čas ve tvaru 17:30.');

const seriesInput = z
  .object({
    groupId: pickedRecordId('Vyberte skupinu.'),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, 'Vyberte alespoň jeden den v týdnu.').max(7),
    startTime: TIME,
    endTime: TIME,
    from: isoDateSchema,
    to: isoDateSchema,
    place: z.string().max(200).nullish(),
    trainers: z.array(recordIdSchema).max(50).default([]),
    description: z.string().max(2000).nullish(),
    skipHolidays: z.boolean().default(true),
    skipDates: z.array(isoDateSchema).max(400).default([]),
    /** Only show what would be created. */
    preview: z.boolean().default(false),
  })
  .superRefine((input, context) => {
    if (input.endTime <= input.startTime)
      context.addIssue({ code: 'custom', path: ['endTime'], message: 'Konec musí být až po začátku.' });
    refineRecordRules(DATE_RANGE)(input, context);
  });

/**
 * A season's trainings at once: every chosen weekday of the range at the same time and place,
 * Czech public holidays and listed dates left out. With `preview` it only answers the dates.
 */
const createSeries: EntityAction<typeof seriesInput, typeof seriesPlanAnswer> = {
  label: 'Vytvořit sérii tréninků',
  input: seriesInput,
  output: seriesPlanAnswer,
  run: async ({ db, input, records, rowsOf }): Promise<TrainingSeriesPlan> => {
    const plan = await planSeries(input);
    if (plan.trainings.length > MAX_SERIES_TRAININGS)
      throw fieldError(
        'to',
        `Série by měla ${plan.trainings.length} tréninků, nejvýš jde ${MAX_SERIES_TRAININGS}.`,
      );
    const group = await db
      .selectFrom('training_groups')
      .select('id')
      .where('id', '=', input.groupId)
      .where(rowsOf('group', 'write'))
      .executeTakeFirst();
    if (!group) throw fieldError('groupId', 'Skupina neexistuje nebo byla smazána.');
    if (input.preview) return { ...plan, created: 0 };
    if (plan.trainings.length === 0)
      throw fieldError('weekdays', 'V zadaném období nevychází žádný trénink.');
    const series = randomUUID();
    const ids: number[] = [];
    for (const training of plan.trainings) {
      const saved = await records.create('training', {
        group: input.groupId,
        startsAt: training.startsAt,
        endsAt: training.endsAt,
        place: input.place ?? null,
        trainers: input.trainers,
        description: input.description ?? null,
      });
      ids.push(saved.id);
    }
    // The series key is the engine's to keep (read-only to clients), so it is set here, not sent.
    await db.updateTable('trainings').set({ series }).where('id', 'in', ids).execute();
    return { ...plan, created: plan.trainings.length, series };
  },
};

const SERIES_FIELDS = ['time', 'place', 'trainers', 'description', 'cancelled'] as const;
const applyInput = z.object({
  fields: z.array(z.enum(SERIES_FIELDS)).min(1, 'Vyberte, co přenést na další tréninky.'),
});

/**
 * Carries what was changed on one training to the later trainings of its series: the time of day
 * (each keeps its own date), place, trainers, description or the cancellation.
 */
const applyToSeries: EntityAction<typeof applyInput, typeof seriesUpdatedAnswer> = {
  label: 'Přenést změnu na další tréninky série',
  path: API_PATHS.recordAction,
  input: applyInput,
  output: seriesUpdatedAnswer,
  run: async ({ db, input, record, records }) => {
    const source = record!;
    if (!source.series) throw fieldError('fields', 'Tento trénink nepatří do žádné série.');
    const later = await db
      .selectFrom('trainings')
      .select(['id'])
      .where('series', '=', source.series as string)
      .where('starts_at', '>', source.startsAt as string)
      .orderBy('starts_at')
      .execute();
    const start = pragueParts(source.startsAt as string);
    const end = pragueParts(source.endsAt as string);
    for (const { id } of later) {
      const training = await records.read('training', Number(id));
      const changes: Record<string, unknown> = {};
      for (const field of input.fields) {
        if (field === 'time') {
          const date = pragueParts(training.startsAt as string).date;
          changes.startsAt = pragueToUtc(date, start.time);
          changes.endsAt = pragueToUtc(date, end.time);
        } else if (field === 'cancelled') {
          changes.cancelled = source.cancelled;
          changes.cancelReason = source.cancelReason;
        } else changes[field] = source[field];
      }
      await records.update('training', training.id, { ...training, ...changes });
    }
    return { updated: later.length };
  },
};

const weekInput = z.object({
  from: isoDateSchema,
  days: z.coerce.number().int().min(1).max(42).default(7),
  groupId: recordIdText.optional(),
});

/** Trainings of a span of days in Prague time (a week by default), with their group and its colour. */
const calendar: EntityAction<typeof weekInput, typeof calendarAnswer> = {
  label: 'Kalendář tréninků',
  method: 'GET',
  access: 'read',
  input: weekInput,
  output: calendarAnswer,
  run: async ({ db, input, rowsOf }): Promise<CalendarTraining[]> => {
    const end = addDays(input.from, input.days);
    let query = db
      .selectFrom('trainings as t')
      .innerJoin('training_groups as g', 'g.id', 't.group_id')
      .leftJoin('categories as c', 'c.id', 'g.category')
      .select([
        't.id',
        't.starts_at',
        't.ends_at',
        't.place',
        't.cancelled',
        'g.id as group_id',
        'g.name as group_name',
        'g.color as group_color',
        'c.color as category_color',
      ])
      .where('t.starts_at', '>=', pragueToUtc(input.from, '00:00'))
      .where('t.starts_at', '<', pragueToUtc(end, '00:00'))
      .where('t.id', 'in', db.selectFrom('trainings').select('id').where(rowsOf('training')));
    if (input.groupId !== undefined) query = query.where('t.group_id', '=', input.groupId);
    const rows = await query.orderBy('t.starts_at').orderBy('t.id').execute();
    return rows.map((row) => ({
      id: Number(row.id),
      startsAt: new Date(row.starts_at).toISOString(),
      endsAt: new Date(row.ends_at).toISOString(),
      place: row.place ?? null,
      cancelled: Boolean(row.cancelled),
      groupId: Number(row.group_id),
      groupName: row.group_name as string,
      color: (row.category_color ?? row.group_color ?? null) as string | null,
    }));
  },
};

export const trainingActions = {
  'create-series': createSeries,
  'apply-to-series': applyToSeries,
  calendar,
};
