import {
  API_PATHS,
  CAMP_LISTS,
  type CampParticipantRow,
  type CampParticipants,
  type EntityRecord,
  EXPORT_FORMATS,
  PAYMENT_STATE_LABELS,
  type PaymentState,
} from '@klubovna/shared';
import { z } from 'zod';
import type { DynamicDb, EntityAction, RowCondition } from '../../engine/declaration/entity.types.ts';
import type { ExportCell, ExportColumn } from '../../engine/export/export-columns.ts';
import { spreadsheetAnswer } from '../../engine/export/export-file.ts';

interface ExportedParticipant extends CampParticipantRow {
  address: string | null;
  groups: string;
}

/**
 * A camp's people in sign-up order, with what the accommodation asks for: those of `participants`
 * (the sign-ups the person may read).
 */
async function campPeople(
  db: DynamicDb,
  camp: EntityRecord,
  participants: RowCondition,
): Promise<ExportedParticipant[]> {
  const rows = await db
    .selectFrom('camp_participants as p')
    .innerJoin('members as m', 'm.id', 'p.member')
    .select([
      'p.id',
      'p.version',
      'p.member',
      'p.status',
      'p.payment_state',
      'p.note',
      'm.first_name',
      'm.last_name',
      'm.birth_date',
      'm.address',
    ])
    .where('p.camp', '=', camp.id)
    .where('p.id', 'in', db.selectFrom('camp_participants').select('id').where(participants))
    .orderBy('p.queue')
    .orderBy('p.id')
    .execute();
  // The groups each participant trains in when the camp begins.
  const day = camp.dateFrom as string;
  const memberIds = rows.map((row) => Number(row.member));
  const memberships =
    memberIds.length === 0
      ? []
      : await db
          .selectFrom('group_members as gm')
          .innerJoin('training_groups as g', 'g.id', 'gm.group_id')
          .select(['gm.member_id', 'g.name'])
          .where('gm.member_id', 'in', memberIds)
          .where('gm.valid_from', '<=', day)
          .where((eb) => eb.or([eb('gm.valid_to', 'is', null), eb('gm.valid_to', '>=', day)]))
          .orderBy('g.name_sort')
          .execute();
  const groupsOf = new Map<number, string[]>();
  for (const row of memberships) {
    const list = groupsOf.get(Number(row.member_id)) ?? [];
    list.push(row.name as string);
    groupsOf.set(Number(row.member_id), list);
  }
  let waiting = 0;
  return rows.map((row) => ({
    id: Number(row.id),
    version: Number(row.version),
    memberId: Number(row.member),
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    birthDate: (row.birth_date as string | null) ?? null,
    paymentState: row.payment_state as PaymentState,
    note: (row.note as string | null) ?? null,
    waitingPosition: row.status === 'WAITING' ? ++waiting : null,
    address: (row.address as string | null) ?? null,
    groups: (groupsOf.get(Number(row.member)) ?? []).join(', '),
  }));
}

const text = (value: string | null): ExportCell => (value ? { type: 'text', value } : null);

const PERSON_COLUMNS: ExportColumn[] = [
  { header: 'Příjmení', width: 18, cell: (row) => text(row.lastName as string) },
  { header: 'Jméno', width: 14, cell: (row) => text(row.firstName as string) },
  {
    header: 'Datum narození',
    width: 14,
    cell: (row) => (row.birthDate ? { type: 'date', value: row.birthDate as string } : null),
  },
  { header: 'Adresa', width: 40, cell: (row) => text(row.address as string | null) },
  { header: 'Skupina', width: 20, cell: (row) => text(row.groups as string) },
  {
    header: 'Platba',
    width: 14,
    cell: (row) => text(PAYMENT_STATE_LABELS[row.paymentState as PaymentState]),
  },
  { header: 'Poznámka', width: 30, cell: (row) => text(row.note as string | null) },
];
const WAITING_COLUMNS: ExportColumn[] = [
  {
    header: 'Pořadí',
    width: 8,
    cell: (row) => ({ type: 'number', value: row.waitingPosition as number }),
  },
  ...PERSON_COLUMNS,
];

const participantsInput = z.object({});

/** Who goes and who waits, in order: what the camp form shows. */
const getParticipants: EntityAction<typeof participantsInput> = {
  label: 'Účastníci soustředění',
  method: 'GET',
  path: API_PATHS.campParticipants,
  access: 'read',
  input: participantsInput,
  run: async ({ db, record, rowsOf }): Promise<CampParticipants> => {
    const people = (await campPeople(db, record!, rowsOf('camp-participant'))).map(
      ({ address: _a, groups: _g, ...row }) => row,
    );
    return {
      capacity: record!.capacity === null ? null : Number(record!.capacity),
      participants: people.filter((row) => row.waitingPosition === null),
      waiting: people.filter((row) => row.waitingPosition !== null),
    };
  },
};

const exportInput = z.object({
  format: z.enum(EXPORT_FORMATS, { message: 'Zvolte formát csv nebo xlsx.' }).default('xlsx'),
  list: z.enum(CAMP_LISTS, { message: 'Zvolte seznam participants nebo waiting.' }).default('participants'),
});

/** The participant list for the accommodation, or the whole waiting list, as XLSX or Czech-Excel CSV. */
const exportParticipants: EntityAction<typeof exportInput> = {
  label: 'Export účastníků soustředění',
  method: 'GET',
  path: API_PATHS.campExport,
  access: 'read',
  input: exportInput,
  run: async ({ db, record, input, rowsOf }) => {
    const waiting = input.list === 'waiting';
    const rows = (await campPeople(db, record!, rowsOf('camp-participant'))).filter(
      (row) => (row.waitingPosition !== null) === waiting,
    );
    const title = waiting ? 'Čekací listina' : 'Účastníci';
    const columns = waiting ? WAITING_COLUMNS : PERSON_COLUMNS;
    // Read whole inside the transaction; the writers only encode it afterwards.
    return spreadsheetAnswer({
      format: input.format,
      title,
      baseName: `${record!.name} – ${title.toLowerCase()}`,
      columns,
      rows: rows as unknown as EntityRecord[],
    });
  },
};

export const campActions = {
  participants: getParticipants,
  'export-participants': exportParticipants,
};
