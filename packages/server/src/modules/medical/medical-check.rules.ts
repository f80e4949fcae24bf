import { addMonths, czechDate, pragueToday } from '@klubovna/shared/time/prague';
import type { EntityHooks, HookContext, Person, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { selfMembers } from '../people/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: subqueries over the declared tables
type Eb = any;

/** One of the person's own member records is a head trainer: they read every member's checks. */
export const isHeadTrainer = (eb: Eb, person: Person) =>
  eb.exists(
    eb
      .selectFrom('members')
      .select('id')
      .where('id', 'in', selfMembers(eb, person))
      .where('member_type', '=', 'HEAD_TRAINER'),
  );

/** The validity, a limitation's text where the result has one, and the title naming the check. */
async function completed(context: HookContext, data: Values): Promise<Values> {
  if (data.result === 'FIT_LIMITED' && !data.limitation)
    throw fieldError('limitation', 'Popište omezení: výsledek je „Způsobilý s omezením“.');
  const member = await context.db
    .selectFrom('members')
    .select(['first_name', 'last_name'])
    .where('id', '=', Number(data.member))
    .executeTakeFirst();
  const name = member ? `${member.first_name} ${member.last_name}` : '';
  const date = String(data.date);
  return {
    ...data,
    limitation: data.result === 'FIT_LIMITED' ? data.limitation : null,
    // By default 12 months from its date (29. 2. to 28. 2.), the last day included.
    validUntil: data.validUntil ?? addMonths(date, 12),
    title: `${name} – ${czechDate(date)}`,
  };
}

/**
 * Keeps the member's `medicalValidUntil`: the validity of their latest check (by date), none when
 * that check found them unfit or they have none.
 */
export async function refreshMedicalValidity(db: HookContext['db'], memberId: number): Promise<void> {
  const latest = await db
    .selectFrom('medical_checks')
    .select(['result', 'valid_until'])
    .where('member', '=', memberId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const validUntil = latest && latest.result !== 'UNFIT' ? latest.valid_until : null;
  await db
    .updateTable('members')
    .set({ medical_valid_until: validUntil })
    .where('id', '=', memberId)
    .execute();
}

export const medicalCheckHooks: EntityHooks = {
  beforeCreate: (context) => completed(context, context.data),
  beforeUpdate: (context) => completed(context, context.data),
  afterCreate: (context) => refreshMedicalValidity(context.db, Number(context.record.member)),
  afterUpdate: async (context) => {
    await refreshMedicalValidity(context.db, Number(context.record.member));
    if (context.previous.member !== context.record.member)
      await refreshMedicalValidity(context.db, Number(context.previous.member));
  },
  afterDelete: (context) => refreshMedicalValidity(context.db, Number(context.previous.member)),
};

/** Whether the member has a check valid on `day` (today by default): what a race start needs. */
export async function hasValidCheck(db: HookContext['db'], memberId: number, day = pragueToday()) {
  const member = await db
    .selectFrom('members')
    .select('medical_valid_until')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return typeof member?.medical_valid_until === 'string' && member.medical_valid_until >= day;
}
