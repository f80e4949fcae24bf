import { type EntityRecord, SIGN_UP_STATUS_OPTIONS, type SignUpStatus } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import { sql } from 'kysely';
import { validationFailed } from '../../errors/app-error.ts';
import type {
  CompiledEntity,
  EntityHooks,
  EntityRegistry,
  HookContext,
  SignUpsDeclaration,
  Values,
} from '../declaration/entity.types.ts';
import { type Acting, writeScope } from '../declaration/row-access.ts';
import { recordLabel, recordName, toRecord } from '../records/record-mapper.ts';
import { type DynamicDb, insertAudits } from '../records/records.repository.ts';
import { type SignUpParts, signUpParts } from './sign-up-parts.ts';

const [ACCEPTED, WAITING] = SIGN_UP_STATUS_OPTIONS.map((option) => option.value) as [
  SignUpStatus,
  SignUpStatus,
];

const refused = (field: string, message: string) => validationFailed([{ path: field, message }]);

/** The default refusal of a second sign-up (a declaration says it in its own words with `twice`). */
const TWICE: NonNullable<SignUpsDeclaration['twice']> = ({ member, parent, waiting }) =>
  waiting ? `${member} už čeká na místo: ${parent}.` : `${member} už je mezi přihlášenými: ${parent}.`;

async function readRecord(db: DynamicDb, entity: CompiledEntity, id: number) {
  const row = await db
    .selectFrom(entity.declaration.table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(entity, row);
}

/** A write's transaction, who writes and whether it imports, with every entity: what `effects` need. */
type Writing = Pick<HookContext, 'db' | 'userId' | 'imported'> & { entities: EntityRegistry };

/** The work `effects.placed` of the declaration does for sign-ups that got a place, unless imported. */
async function placedWork(
  { db, userId, imported, entities }: Writing,
  parts: SignUpParts,
  signUps: readonly EntityRecord[],
): Promise<void> {
  const placed = parts.declared.effects?.placed;
  if (!placed || imported || signUps.length === 0) return;
  const parentRecord = await readRecord(db, parts.parent, signUps[0]![parts.parentField.name] as number);
  if (!parentRecord) return;
  for (const signUp of signUps) await placed({ db, userId, entities }, signUp, parentRecord);
}

/**
 * Moves the first waiting up while the parent has free places, in the order they signed up; each move
 * is audited as a change of the sign-up, and the declaration's `effects.placed` runs for each.
 */
export async function fillFreePlaces(work: Writing, parts: SignUpParts, parentId: number): Promise<void> {
  const { db, userId } = work;
  const { entity, parent, parentField, places } = parts;
  if (!places) return;
  const table = entity.declaration.table;
  const found = await db
    .selectFrom(parent.declaration.table)
    .select(places.capacity.column)
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!found) return;
  const capacity = found[places.capacity.column] as number | string | null;
  let waiting = db
    .selectFrom(table)
    .select('id')
    .where(parentField.column, '=', parentId)
    .where(places.status.column, '=', WAITING)
    .orderBy(places.queue.column)
    .orderBy('id');
  if (capacity !== null) {
    const accepted = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(parentField.column, '=', parentId)
      .where(places.status.column, '=', ACCEPTED)
      .executeTakeFirstOrThrow();
    const free = Number(capacity) - Number(accepted.n);
    if (free <= 0) return;
    waiting = waiting.limit(free);
  }
  const moving = (await waiting.execute()).map((row) => Number(row.id));
  if (moving.length === 0) return;
  await db
    .updateTable(table)
    .set({
      [places.status.column]: ACCEPTED,
      version: sql`version + 1`,
      updated_at: new Date().toISOString(),
    })
    .where('id', 'in', moving)
    .execute();
  const changes = { [places.status.name]: { from: WAITING, to: ACCEPTED } };
  await insertAudits(
    db,
    userId,
    entity,
    moving.map((recordId) => ({ recordId, action: 'update', changes })),
  );
  if (parts.declared.effects?.placed && !work.imported) {
    const rows = await db.selectFrom(table).selectAll().where('id', 'in', moving).orderBy('id').execute();
    await placedWork(
      work,
      parts,
      rows.map((row) => toRecord(entity, row)),
    );
  }
}

/**
 * Where a new sign-up goes: a place while the parent has one free (or no capacity), else the end of
 * the waiting list; either way the next number of the queue.
 */
async function placeOf(db: DynamicDb, parts: SignUpParts, parent: EntityRecord): Promise<Values> {
  const { entity, parentField, places } = parts;
  if (!places) return {};
  const stats = await db
    .selectFrom(entity.declaration.table)
    .select((eb) => [
      eb.fn.max(places.queue.column).as('last'),
      eb.fn.sum(eb.case().when(places.status.column, '=', ACCEPTED).then(1).else(0).end()).as('accepted'),
    ])
    .where(parentField.column, '=', parent.id)
    .executeTakeFirstOrThrow();
  const capacity = parent[places.capacity.name] as number | null;
  const full = capacity !== null && Number(stats.accepted ?? 0) >= Number(capacity);
  return {
    [places.status.name]: full ? WAITING : ACCEPTED,
    [places.queue.name]: Number(stats.last ?? 0) + 1,
  };
}

/**
 * Refuses a sign-up on a later day than the parent's deadline by a person whom the sign-ups' row rules
 * limit (a trainer, a parent); the office may still sign up a latecomer.
 */
function assertOpen(
  { entity, declared, parent, parentField }: SignUpParts,
  parentRecord: EntityRecord,
  person: Acting,
) {
  const deadline = declared.deadline && (parentRecord[declared.deadline] as string | null);
  if (!deadline || pragueToday() <= deadline || writeScope(entity, person) === undefined) return;
  const accusative = parent.declaration.labels.accusative?.one;
  const label = recordLabel(parent, parentRecord);
  throw refused(
    parentField.name,
    accusative
      ? `Přihlášky na ${accusative} ${label} skončily ${czechDate(deadline)}.`
      : `${label}: přihlášky skončily ${czechDate(deadline)}.`,
  );
}

/**
 * Checks a sign-up before it is saved and returns it with its title and, when new, its place: one per
 * member and parent, a new one within the parent's deadline.
 * The parent's row is locked first, so that parallel sign-ups on PostgreSQL take places one after
 * another (SQLite writes one transaction at a time anyway).
 */
async function checkedSignUp(
  { db, userId, roles }: HookContext,
  parts: SignUpParts,
  data: Values,
  exceptId: number | null,
): Promise<Values> {
  const { entity, declared, parent, member, parentField, memberField, places } = parts;
  const parentId = data[parentField.name] as number;
  await db
    .updateTable(parent.declaration.table)
    .set({ version: sql`version` })
    .where('id', '=', parentId)
    .execute();
  const parentRecord = await readRecord(db, parent, parentId);
  const memberRecord = await readRecord(db, member, data[memberField.name] as number);
  // A missing one is refused by the engine's check of related records.
  if (!parentRecord || !memberRecord) return data;
  const memberName = recordName(member, memberRecord);
  const parentLabel = recordLabel(parent, parentRecord);
  const first = await db
    .selectFrom(entity.declaration.table)
    .select(places ? ['id', places.status.column] : ['id'])
    .where(parentField.column, '=', parentId)
    .where(memberField.column, '=', memberRecord.id)
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  if (first)
    throw refused(
      memberField.name,
      (declared.twice ?? TWICE)({
        member: memberName,
        parent: parentLabel,
        memberRecord,
        waiting: places !== undefined && first[places.status.column] === WAITING,
      }),
    );
  const titled = declared.title ? { ...data, [declared.title]: `${memberName} – ${parentLabel}` } : data;
  if (exceptId !== null) return titled;
  assertOpen(parts, parentRecord, { userId, roles });
  return { ...titled, ...(await placeOf(db, parts, parentRecord)) };
}

/** The rules of the sign-ups of `alias`, run by the engine in each write's transaction. */
export function signUpHooks(alias: string, entities: () => EntityRegistry): EntityHooks {
  const parts = () => signUpParts(entities(), alias);
  return {
    beforeCreate: (context) => checkedSignUp(context, parts(), context.data, null),
    beforeUpdate: (context) => {
      const { data, previous } = context;
      const { parentField } = parts();
      if (data[parentField.name] !== previous[parentField.name])
        throw refused(
          parentField.name,
          'Přihlášku nelze přesunout jinam: odhlaste ji a přihlaste člena znovu.',
        );
      return checkedSignUp(context, parts(), data, previous.id);
    },
    // A new sign-up with a place (any, without places) starts the module's work.
    afterCreate: async (context) => {
      const { places } = parts();
      if (!places || context.record[places.status.name] === ACCEPTED)
        await placedWork({ ...context, entities: entities() }, parts(), [context.record]);
    },
    // The module's work for who left; then a freed place goes to the first waiting.
    afterDelete: async (context) => {
      const { db, userId, previous, imported, deletedWith } = context;
      const { places, parent, parentField, declared } = parts();
      const parentRecord =
        declared.effects?.left && !imported
          ? await readRecord(db, parent, previous[parentField.name] as number)
          : undefined;
      if (parentRecord)
        await declared.effects!.left!({ db, userId, entities: entities() }, previous, parentRecord, {
          withParent: deletedWith === parent.declaration.alias,
        });
      if (places && previous[places.status.name] === ACCEPTED)
        await fillFreePlaces(
          { ...context, entities: entities() },
          parts(),
          previous[parentField.name] as number,
        );
    },
  };
}

/** The sign-ups of the parent that have a place (every one, without places), in the order they came. */
async function placedSignUps(db: DynamicDb, parts: SignUpParts, parentId: number) {
  const { entity, parentField, places } = parts;
  let query = db.selectFrom(entity.declaration.table).selectAll().where(parentField.column, '=', parentId);
  if (places) query = query.where(places.status.column, '=', ACCEPTED);
  return (await query.orderBy('id').execute()).map((row) => toRecord(entity, row));
}

/**
 * The rules of the parent of the sign-ups of `alias`: a change runs the declaration's `effects.changed`
 * (unless imported) and a larger capacity lets the first waiting in; a restore runs `effects.restored`.
 */
export function signUpParentHooks(alias: string, entities: () => EntityRegistry): EntityHooks {
  const parts = () => signUpParts(entities(), alias);
  return {
    afterUpdate: async (context) => {
      const { db, userId, record, previous, imported } = context;
      const changed = parts().declared.effects?.changed;
      if (changed && !imported)
        await changed(
          { db, userId, entities: entities() },
          record,
          previous,
          await placedSignUps(db, parts(), record.id),
        );
      await fillFreePlaces({ ...context, entities: entities() }, parts(), record.id);
    },
    afterRestore: async ({ db, userId, record }) => {
      await parts().declared.effects?.restored?.({ db, userId, entities: entities() }, record);
    },
  };
}
