import { API_PATHS, type RaceEntryRow } from '@klubovna/shared';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { DynamicDb, EntityAction, RowCondition } from '../../engine/declaration/entity.types.ts';

/** A member's entries of `readable`, newest race first, with their race: what the member form shows. */
async function memberEntries(
  db: DynamicDb,
  readable: RowCondition,
  memberId: number,
): Promise<RaceEntryRow[]> {
  const rows: Array<Record<string, unknown>> = await db
    .selectFrom('race_participants as p')
    .where('p.member', '=', memberId)
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
    ])
    .orderBy('r.date_from', 'desc')
    .orderBy('r.name_sort')
    .orderBy('p.id')
    .execute();
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

const memberInput = z.object({ memberId: recordIdText });

/** One member's entry with its race (`RaceEntryRow`). */
const raceEntry = z.object({
  id: z.number().int(),
  version: z.number().int(),
  raceId: z.number().int(),
  raceName: z.string(),
  dateFrom: z.string(),
  dateTo: z.string().nullable(),
  place: z.string().nullable(),
  memberId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  category: z.string().nullable(),
  resultTime: z.string().nullable(),
  resultPlace: z.number().int().nullable(),
  note: z.string().nullable(),
}) satisfies z.ZodType<RaceEntryRow>;
const memberRaces = z.array(raceEntry);

/** A member's races, newest first: what the member form shows. */
const getMemberRaces: EntityAction<typeof memberInput, typeof memberRaces> = {
  label: 'Závody člena',
  method: 'GET',
  path: API_PATHS.memberRaces,
  access: 'read',
  input: memberInput,
  output: memberRaces,
  run: ({ db, input, rowsOf }) => memberEntries(db, rowsOf('race-participant'), input.memberId),
};

/** A race's own entries are its sign-up list's action (`race-participant`). */
export const raceActions = {
  'member-races': getMemberRaces,
};
