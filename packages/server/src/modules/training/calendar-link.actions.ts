import { API_PATHS } from '@klubovna/shared';
import { z } from 'zod';
import type { ActionContext, EntityAction } from '../../engine/declaration/entity.types.ts';
import { calendarTokenAnswer } from './training.answers.ts';

const noInput = z.object({});

async function currentToken({ db, record }: ActionContext<unknown>): Promise<string | null> {
  const row = await db
    .selectFrom('group_calendars')
    .select('token')
    .where('group_id', '=', record!.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return (row?.token as string | undefined) ?? null;
}

async function revokeAll(context: ActionContext<unknown>) {
  const rows = await context.db
    .selectFrom('group_calendars')
    .select('id')
    .where('group_id', '=', context.record!.id)
    .execute();
  if (rows.length > 0)
    await context.records.delete(
      'group-calendar',
      rows.map((row) => Number(row.id)),
    );
}

/** The token of the group's calendar feed, null while it has none. */
const calendarLink: EntityAction<typeof noInput, typeof calendarTokenAnswer> = {
  label: 'Adresa kalendáře skupiny',
  method: 'GET',
  access: 'read',
  path: API_PATHS.recordAction,
  input: noInput,
  output: calendarTokenAnswer,
  run: async (context) => ({ token: await currentToken(context) }),
};

/** A new calendar address for the group; the old one stops working. */
const newCalendarLink: EntityAction<typeof noInput, typeof calendarTokenAnswer> = {
  label: 'Nová adresa kalendáře skupiny',
  path: API_PATHS.recordAction,
  input: noInput,
  output: calendarTokenAnswer,
  run: async (context) => {
    await revokeAll(context);
    const created = await context.records.create('group-calendar', { group: context.record!.id });
    return { token: created.token as string };
  },
};

/** Cancels the group's calendar address: subscribed calendars get 404 from then on. */
const revokeCalendarLink: EntityAction<typeof noInput, typeof calendarTokenAnswer> = {
  label: 'Zrušit adresu kalendáře skupiny',
  path: API_PATHS.recordAction,
  input: noInput,
  output: calendarTokenAnswer,
  run: async (context) => {
    await revokeAll(context);
    return { token: null };
  },
};

export const calendarLinkActions = {
  'calendar-link': calendarLink,
  'new-calendar-link': newCalendarLink,
  'revoke-calendar-link': revokeCalendarLink,
};
