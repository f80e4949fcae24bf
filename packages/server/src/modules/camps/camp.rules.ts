import { sql } from 'kysely';
import type { EntityHooks, HookContext, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { type DynamicDb, insertAudit } from '../../engine/records/records.repository.ts';

/** The participants' table as the audit trail names it (their declaration imports these rules). */
const PARTICIPANTS = { declaration: { alias: 'camp-participant' } } as Parameters<typeof insertAudit>[2];

/**
 * Moves the first waiting participants up while the camp has free places, in the order they signed
 * up; each move is audited.
 */
export async function fillFreePlaces(db: DynamicDb, userId: number, campId: number): Promise<void> {
  const camp = await db.selectFrom('camps').select('capacity').where('id', '=', campId).executeTakeFirst();
  if (!camp) return;
  let query = db
    .selectFrom('camp_participants')
    .select('id')
    .where('camp', '=', campId)
    .where('status', '=', 'WAITING')
    .orderBy('queue')
    .orderBy('id');
  if (camp.capacity !== null) {
    const accepted = await db
      .selectFrom('camp_participants')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('camp', '=', campId)
      .where('status', '=', 'ACCEPTED')
      .executeTakeFirstOrThrow();
    const free = Number(camp.capacity) - Number(accepted.n);
    if (free <= 0) return;
    query = query.limit(free);
  }
  const moving = (await query.execute()).map((row) => Number(row.id));
  if (moving.length === 0) return;
  await db
    .updateTable('camp_participants')
    .set({ status: 'ACCEPTED', version: sql`version + 1`, updated_at: new Date().toISOString() })
    .where('id', 'in', moving)
    .execute();
  for (const id of moving)
    await insertAudit(db, userId, PARTICIPANTS, id, 'update', {
      status: { from: 'WAITING', to: 'ACCEPTED' },
    });
}

export const campHooks: EntityHooks = {
  // A larger capacity lets the first waiting in.
  afterUpdate: ({ db, userId, record }) => fillFreePlaces(db, userId, record.id),
};

/**
 * Places a new participant: refused twice on one camp; accepted while places are free, otherwise put
 * at the end of the waiting list. The camp's row is locked first so that parallel sign-ups on
 * PostgreSQL take places one after another (SQLite writes one transaction at a time anyway).
 */
async function placed({ db }: HookContext, data: Values, exceptId: number | null): Promise<Values> {
  const campId = data.camp as number;
  await db.updateTable('camps').set({ version: sql`version` }).where('id', '=', campId).execute();
  const camp = await db
    .selectFrom('camps')
    .select(['name', 'capacity'])
    .where('id', '=', campId)
    .executeTakeFirst();
  const member = await db
    .selectFrom('members')
    .select(['first_name', 'last_name'])
    .where('id', '=', data.member as number)
    .executeTakeFirst();
  if (!camp || !member) return data;
  const name = `${member.first_name} ${member.last_name}`;
  const twice = await db
    .selectFrom('camp_participants')
    .select('status')
    .where('camp', '=', campId)
    .where('member', '=', data.member as number)
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  if (twice)
    throw fieldError(
      'member',
      twice.status === 'WAITING'
        ? `${name} už na soustředění ${camp.name} čeká na místo.`
        : `${name} už je mezi účastníky soustředění ${camp.name}.`,
    );
  const title = `${name} – ${camp.name}`;
  if (exceptId !== null) return { ...data, title };
  const stats = await db
    .selectFrom('camp_participants')
    .select((eb) => [
      eb.fn.max('queue').as('last'),
      eb.fn.sum(eb.case().when('status', '=', 'ACCEPTED').then(1).else(0).end()).as('accepted'),
    ])
    .where('camp', '=', campId)
    .executeTakeFirstOrThrow();
  const full = camp.capacity !== null && Number(stats.accepted ?? 0) >= Number(camp.capacity);
  return { ...data, title, status: full ? 'WAITING' : 'ACCEPTED', queue: Number(stats.last ?? 0) + 1 };
}

export const participantHooks: EntityHooks = {
  beforeCreate: (context) => placed(context, context.data, null),
  beforeUpdate: (context) => {
    if (context.data.camp !== context.previous.camp)
      throw fieldError(
        'camp',
        'Účastníka nelze přesunout na jiné soustředění: odeberte ho a přihlaste na druhé.',
      );
    return placed(context, context.data, context.previous.id);
  },
  // A freed place goes to the first waiting.
  afterDelete: ({ db, userId, previous }) =>
    previous.status === 'ACCEPTED' ? fillFreePlaces(db, userId, previous.camp as number) : Promise.resolve(),
};
