import {
  API_PATHS,
  CAMP_LISTS,
  can,
  type EntityRecord,
  EXPORT_FORMATS,
  PAYMENT_STATE_LABELS,
  type PaymentState,
} from '@klubovna/shared';
import { z } from 'zod';
import type { ActionContext, DynamicDb, EntityAction } from '../../engine/declaration/entity.types.ts';
import type { ExportCell, ExportColumn } from '../../engine/export/export-columns.ts';
import { SPREADSHEET_TYPES, spreadsheetAnswer } from '../../engine/export/export-file.ts';
import { readSignUps } from '../../engine/sign-ups/sign-up-list.ts';
import { signUpPaymentStates } from '../payments/index.ts';

/** The groups each of `memberIds` trains in on `day`, by member id, in the groups' order. */
async function groupsOn(db: DynamicDb, memberIds: number[], day: string): Promise<Map<number, string[]>> {
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
  return groupsOf;
}

/**
 * A camp's participants or waiting list in sign-up order (the sign-ups the person may read), with what
 * the accommodation asks for: birth date, address, the groups each trains in when the camp begins, and
 * the state of their payment request to whoever may read it.
 */
async function campPeople(
  { db, entities, record, roles, rowsOf }: ActionContext<unknown>,
  waiting: boolean,
): Promise<EntityRecord[]> {
  const camp = record!;
  const signUps = (
    await readSignUps(db, entities, 'camp-participant', camp.id, rowsOf('camp-participant'))
  ).filter((signUp) => (signUp.waitingPosition !== null) === waiting);
  const groupsOf = await groupsOn(
    db,
    signUps.map((signUp) => signUp.member.id),
    camp.dateFrom as string,
  );
  const memberIds = signUps.map((signUp) => signUp.member.id);
  const payments = can(roles, 'payments', 'read')
    ? await signUpPaymentStates(db, 'camp', camp.id, memberIds, rowsOf('payment'))
    : new Map<number, PaymentState>();
  return signUps.map(({ record: participant, member, waitingPosition }) => ({
    id: participant.id,
    version: participant.version,
    waitingPosition,
    lastName: member.lastName,
    firstName: member.firstName,
    birthDate: member.birthDate,
    address: member.address,
    groups: (groupsOf.get(member.id) ?? []).join(', '),
    paymentState: payments.get(member.id) ?? null,
    note: participant.note,
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
    cell: (row) => text(row.paymentState ? PAYMENT_STATE_LABELS[row.paymentState as PaymentState] : null),
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
  produces: SPREADSHEET_TYPES,
  input: exportInput,
  run: async (context) => {
    const { record, input } = context;
    const waiting = input.list === 'waiting';
    const rows = await campPeople(context, waiting);
    const title = waiting ? 'Čekací listina' : 'Účastníci';
    const columns = waiting ? WAITING_COLUMNS : PERSON_COLUMNS;
    // Read whole inside the transaction; the writers only encode it afterwards.
    return spreadsheetAnswer({
      format: input.format,
      title,
      baseName: `${record!.name} – ${title.toLowerCase()}`,
      columns,
      rows,
    });
  },
};

/** The camp's participants and waiting list are its sign-up list's action (`camp-participant`). */
export const campActions = {
  'export-participants': exportParticipants,
};
