import { REMINDER_SETTINGS, type ReminderKind, remindersOff } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';

// biome-ignore lint/suspicious/noExplicitAny: the declared tables (trainings, groups, members) are dynamic
const dynamic = (db: Executor) => db as unknown as Kysely<any>;

export interface CancelledTrainingRecipient {
  trainingId: number;
  startsAt: string;
  place: string | null;
  reason: string | null;
  groupName: string;
  email: string;
}

/**
 * The addresses of everyone a cancelled training that is still to come concerns: the current members
 * of its group with an e-mail, and those members' guardians with one.
 */
export async function cancelledTrainingRecipients(
  db: Executor,
  now: Date,
): Promise<CancelledTrainingRecipient[]> {
  const today = pragueToday(now);
  const base = dynamic(db)
    .selectFrom('trainings as t')
    .innerJoin('training_groups as g', 'g.id', 't.group_id')
    .innerJoin('group_members as gm', 'gm.group_id', 't.group_id')
    .where('t.cancelled', '=', 1)
    .where('t.starts_at', '>', now.toISOString())
    .where((eb) => eb.or([eb('gm.valid_from', 'is', null), eb('gm.valid_from', '<=', today)]))
    .where((eb) => eb.or([eb('gm.valid_to', 'is', null), eb('gm.valid_to', '>=', today)]))
    .select([
      't.id as trainingId',
      't.starts_at as startsAt',
      't.place as place',
      't.cancel_reason as reason',
      'g.name as groupName',
    ]);
  const members = await base
    .innerJoin('members as m', 'm.id', 'gm.member_id')
    .where('m.email', 'is not', null)
    .select('m.email as email')
    .execute();
  const guardians = await base
    .innerJoin('guardians as gd', 'gd.member', 'gm.member_id')
    .where('gd.email', 'is not', null)
    .select('gd.email as email')
    .execute();
  return [...members, ...guardians] as CancelledTrainingRecipient[];
}

export interface PendingInvitation {
  tokenId: number;
  sentAt: string;
  expiresAt: string;
  inviteeEmail: string;
  inviteeName: string;
  /** The inviter's address. */
  email: string;
}

/** Invitations still open and unused that were sent before `sentBefore`, with their inviter's address. */
export const pendingInvitations = (
  db: Executor,
  now: Date,
  sentBefore: string,
): Promise<PendingInvitation[]> =>
  db
    .selectFrom('password_tokens as pt')
    .innerJoin('users as u', 'u.id', 'pt.user_id')
    .innerJoin('users as inviter', 'inviter.id', 'pt.created_by')
    .where('pt.used_at', 'is', null)
    .where('pt.expires_at', '>', now.toISOString())
    .where('pt.created_at', '<=', sentBefore)
    .where('u.invitation', '=', 'pending')
    .where('inviter.active', '=', 1 as never)
    .select([
      'pt.id as tokenId',
      'pt.created_at as sentAt',
      'pt.expires_at as expiresAt',
      'u.email as inviteeEmail',
      'inviter.email as email',
      'u.first_name as firstName',
      'u.last_name as lastName',
    ])
    .execute()
    .then((rows) =>
      rows.map(({ firstName, lastName, ...row }) => ({ ...row, inviteeName: `${firstName} ${lastName}` })),
    );

/** The addresses (lower case) of accounts that switched the kind off in their profile. */
export async function addressesSwitchedOff(db: Executor, kind: ReminderKind): Promise<Set<string>> {
  const rows = await db
    .selectFrom('user_configs as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .where('c.name', '=', REMINDER_SETTINGS)
    .select(['u.email', 'c.data'])
    .execute();
  return new Set(
    rows
      .filter((row) => remindersOff(JSON.parse(row.data)).includes(kind))
      .map((row) => row.email.toLowerCase()),
  );
}

/**
 * Records that the reminder goes out; false when it went out already (this row is what makes each
 * reminder go once).
 */
export async function recordDelivery(
  db: Executor,
  kind: string,
  subject: string,
  email: string,
  now: string,
) {
  const inserted = await db
    .insertInto('reminder_deliveries')
    .values({
      kind,
      subject,
      email,
      sent_at: now,
      delivery_key: `${kind}|${subject}|${email}`,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('delivery_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Forgets a delivery whose mail could not be sent, so the next pass tries again. */
export const forgetDelivery = (db: Executor, id: number) =>
  db.deleteFrom('reminder_deliveries').where('id', '=', id).execute();
