import { type EntityRecord, SIGN_UP_STATUS_OPTIONS, type SignUpList, type SignUpRow } from '@klubovna/shared';
import { z } from 'zod';
import type {
  DynamicDb,
  EntityAction,
  EntityRegistry,
  RowCondition,
  SignUpsDeclaration,
} from '../declaration/entity.types.ts';
import { recordLabel, recordName, toRecord } from '../records/record-mapper.ts';
import { type SignUpParts, signUpParts } from './sign-up-parts.ts';

const WAITING = SIGN_UP_STATUS_OPTIONS[1].value;

/** One sign-up as read for a list or an export: its record, its member's, and its place in the queue. */
export interface SignUp {
  record: EntityRecord;
  member: EntityRecord;
  /** Place on the waiting list, 1 first, among all who wait; null for one with a place. */
  waitingPosition: number | null;
}

/** Places on the parent's waiting list by sign-up id, counted over everyone waiting. */
async function waitingPositions(
  db: DynamicDb,
  { entity, parentField, places }: SignUpParts,
  parentId: number,
) {
  if (!places) return new Map<number, number>();
  const rows = await db
    .selectFrom(entity.declaration.table)
    .select('id')
    .where(parentField.column, '=', parentId)
    .where(places.status.column, '=', WAITING)
    .orderBy(places.queue.column)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row, index) => [Number(row.id), index + 1]));
}

/**
 * The sign-ups of `alias` for one parent that `readable` (the person's row rule) lets through: in the
 * order they signed up where there are places, else in the order of the members' labels.
 */
export async function readSignUps(
  db: DynamicDb,
  entities: EntityRegistry,
  alias: string,
  parentId: number,
  readable: RowCondition,
): Promise<SignUp[]> {
  const parts = signUpParts(entities, alias);
  const { entity, member, parentField, memberField, places } = parts;
  const table = entity.declaration.table;
  let query = db
    .selectFrom(`${table} as s`)
    .innerJoin(`${member.declaration.table} as m`, 'm.id', `s.${memberField.column}`)
    .selectAll('s')
    .where(`s.${parentField.column}`, '=', parentId)
    .where('s.id', 'in', db.selectFrom(table).select('id').where(readable));
  if (places) query = query.orderBy(`s.${places.queue.column}`);
  else
    for (const name of member.declaration.labelFields)
      query = query.orderBy(`m.${member.byName.get(name)!.sortColumn}`);
  const rows = await query.orderBy('s.id').execute();
  const records = rows.map((row) => toRecord(entity, row));
  const memberIds = [...new Set(records.map((record) => record[memberField.name] as number))];
  const members =
    memberIds.length === 0
      ? []
      : await db.selectFrom(member.declaration.table).selectAll().where('id', 'in', memberIds).execute();
  const membersById = new Map(members.map((row) => [Number(row.id), toRecord(member, row)]));
  const positions = await waitingPositions(db, parts, parentId);
  return records.map((record) => ({
    record,
    member: membersById.get(record[memberField.name] as number)!,
    waitingPosition: positions.get(record.id) ?? null,
  }));
}

const pick = (record: EntityRecord, names: readonly string[] = []) =>
  Object.fromEntries(names.map((name) => [name, record[name]]));

/** A sign-up as the list answers it: who, where they stand, and the fields the declaration lists. */
function listRow({ member, declared }: SignUpParts, signUp: SignUp): SignUpRow {
  return {
    ...pick(signUp.member, declared.list.memberFields),
    ...pick(signUp.record, declared.list.fields),
    id: signUp.record.id,
    version: signUp.record.version,
    memberId: signUp.member.id,
    memberName: recordName(member, signUp.member),
    memberLabel: recordLabel(member, signUp.member),
    waitingPosition: signUp.waitingPosition,
  };
}

const noInput = z.object({});

/**
 * The answer of a parent's sign-up list: `SignUpList` with rows of who and where they stand and the
 * fields the declaration lists (their values as the records hold them), what `more` adds to each, and
 * the declared details.
 */
function signUpListAnswer(list: SignUpsDeclaration['list']) {
  const declared = [...(list.memberFields ?? []), ...list.fields].map((name) => [
    name,
    z.unknown().meta({ description: 'Hodnota pole, jak ji má záznam.' }),
  ]);
  const shape = {
    ...Object.fromEntries(declared),
    id: z.number().int(),
    version: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    memberLabel: z.string(),
    waitingPosition: z.number().int().nullable(),
  };
  // What `more` adds to each row (a payment request's state) is the module's, as the details are.
  const row = list.more
    ? z.looseObject(shape).meta({ description: 'A údaje, které seznam přidává ke každému řádku.' })
    : z.object(shape);
  const answer = { capacity: z.number().int().nullable(), participants: z.array(row), waiting: z.array(row) };
  return list.details
    ? z.looseObject(answer).meta({ description: 'A údaje rodičovského záznamu, které seznam přidává.' })
    : z.object(answer);
}

/** The parent's action answering its sign-ups of `alias` (a `SignUpList` and the declared details). */
export function signUpListAction(
  alias: string,
  list: SignUpsDeclaration['list'],
  entities: () => EntityRegistry,
): EntityAction<typeof noInput> {
  return {
    label: list.label,
    method: 'GET',
    path: list.path,
    access: 'read',
    input: noInput,
    output: signUpListAnswer(list),
    run: async ({ db, roles, record, rowsOf }): Promise<SignUpList> => {
      const parts = signUpParts(entities(), alias);
      const parent = record!;
      const listed = (await readSignUps(db, entities(), alias, parent.id, rowsOf(alias))).map((signUp) =>
        listRow(parts, signUp),
      );
      const more =
        list.more && (await list.more({ db, roles, rowsOf: (other) => rowsOf(other) }, parent, listed));
      const rows = more ? listed.map((row) => ({ ...row, ...more.get(row.id) })) : listed;
      const capacity = parts.places ? parent[parts.places.capacity.name] : null;
      return {
        ...list.details?.(parent),
        capacity: capacity === null || capacity === undefined ? null : Number(capacity),
        participants: rows.filter((row) => row.waitingPosition === null),
        waiting: rows.filter((row) => row.waitingPosition !== null),
      };
    },
  };
}
