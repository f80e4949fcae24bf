import { API_PATHS, type RaceEntryRow, type RaceParticipants, raceCategories } from '@klubovna/shared';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { DynamicDb, EntityAction, RowCondition } from '../../engine/declaration/entity.types.ts';
import { pragueToday } from '../../engine/export/export-columns.ts';

// biome-ignore lint/suspicious/noExplicitAny: the engine's tables are untyped
type Where = (query: any) => any;

/** Entries of `readable` with their race and member, as the race form and the member form show them. */
async function entries(
  db: DynamicDb,
  readable: RowCondition,
  where: Where,
  order: 'name' | 'date',
): Promise<RaceEntryRow[]> {
  let query = where(
    db
      .selectFrom('race_participants as p')
      .where('p.id', 'in', db.selectFrom('race_participants').select('id').where(readable))
      .innerJoin('races as r', 'r.id', 'p.race')
      .innerJoin('members as m', 'm.id', 'p.member')
      .select([
        'p.id',
        'p.version',
        'p.race',
        'r.name',
        'r.date_from',
        'r.date_to',
        'r.place',
        'p.member',
        'm.first_name',
        'm.last_name',
        'p.category',
        'p.result_time',
        'p.result_place',
        'p.note',
      ]),
  );
  query =
    order === 'name'
      ? query.orderBy('m.last_name_sort').orderBy('m.first_name_sort')
      : query.orderBy('r.date_from', 'desc').orderBy('r.name_sort');
  const rows: Array<Record<string, unknown>> = await query.orderBy('p.id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    version: Number(row.version),
    raceId: Number(row.race),
    raceName: row.name as string,
    dateFrom: row.date_from as string,
    dateTo: (row.date_to as string | null) ?? null,
    place: (row.place as string | null) ?? null,
    memberId: Number(row.member),
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    category: (row.category as string | null) ?? null,
    resultTime: (row.result_time as string | null) ?? null,
    resultPlace: row.result_place === null ? null : Number(row.result_place),
    note: (row.note as string | null) ?? null,
  }));
}

const noInput = z.object({});

/** A race's entries by surname, with the categories to choose from: what the race form shows. */
const getParticipants: EntityAction<typeof noInput> = {
  label: 'Účastníci závodu',
  method: 'GET',
  path: API_PATHS.raceParticipants,
  access: 'read',
  input: noInput,
  run: async ({ db, record, rowsOf }): Promise<RaceParticipants> => ({
    categories: raceCategories(record!.categories as string | null),
    resultsOpen: (record!.dateFrom as string) <= pragueToday(),
    entries: await entries(
      db,
      rowsOf('race-participant'),
      (query) => query.where('p.race', '=', record!.id),
      'name',
    ),
  }),
};

const memberInput = z.object({ memberId: recordIdText });

/** A member's races, newest first: what the member form shows. */
const getMemberRaces: EntityAction<typeof memberInput> = {
  label: 'Závody člena',
  method: 'GET',
  path: API_PATHS.memberRaces,
  access: 'read',
  input: memberInput,
  run: ({ db, input, rowsOf }) =>
    entries(db, rowsOf('race-participant'), (query) => query.where('p.member', '=', input.memberId), 'date'),
};

export const raceActions = {
  participants: getParticipants,
  'member-races': getMemberRaces,
};
