import { CONSENT_KINDS, type MyClub, type MyClubMember, type MyClubPayment } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { findClubAccount, ownPayments } from '../payments/index.ts';

/** Trainings shown per member. */
const NEXT_TRAININGS = 5;

const numbers = (rows: Array<Record<string, unknown>>, column: string) =>
  rows.map((row) => Number(row[column]));

/** Which members are the person's own, and how: paired with their account, or their child. */
async function ownMembers(db: DynamicDb, userId: number): Promise<Map<number, 'self' | 'child'>> {
  const [paired, guarded] = await Promise.all([
    db.selectFrom('profile_members').select('member').where('profile', '=', userId).execute(),
    db.selectFrom('guardians').select('member').where('account', '=', userId).execute(),
  ]);
  const own = new Map<number, 'self' | 'child'>();
  for (const id of numbers(guarded, 'member')) own.set(id, 'child');
  for (const id of numbers(paired, 'member')) own.set(id, 'self');
  return own;
}

/** What the signed-in person's own page shows: their members with groups, consents and next trainings. */
export async function myClub(db: DynamicDb, userId: number): Promise<MyClub> {
  const own = await ownMembers(db, userId);
  const ids = [...own.keys()];
  const selfIds = ids.filter((id) => own.get(id) === 'self');
  const trains = selfIds.length
    ? await db
        .selectFrom('training_groups as g')
        .select(['g.id', 'g.name'])
        .where(
          'g.id',
          'in',
          db.selectFrom('training_groups_trainers').select('owner_id').where('target_id', 'in', selfIds),
        )
        .orderBy('g.name_sort')
        .execute()
    : [];
  const club = await findClubAccount(db);
  const bankAccount = club?.account ?? null;
  if (ids.length === 0)
    return {
      members: [],
      trains: trains.map((row) => ({ id: Number(row.id), name: row.name })),
      bankAccount,
    };
  const today = pragueToday();
  const [members, memberships, consents, payments] = await Promise.all([
    db
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'birth_date', 'email', 'phone', 'address'])
      .where('id', 'in', ids)
      .orderBy('last_name_sort')
      .orderBy('first_name_sort')
      .execute(),
    db
      .selectFrom('group_members as gm')
      .innerJoin('training_groups as g', 'g.id', 'gm.group_id')
      .select(['gm.member_id', 'g.id', 'g.name'])
      .where('gm.member_id', 'in', ids)
      .where('gm.valid_from', '<=', today)
      .where((eb) => eb.or([eb('gm.valid_to', 'is', null), eb('gm.valid_to', '>=', today)]))
      .execute(),
    db
      .selectFrom('consents')
      .select(['id', 'version', 'member', 'kind', 'granted'])
      .where('member', 'in', ids)
      .execute(),
    ownPayments(db, ids),
  ]);
  const groupIds = [...new Set(numbers(memberships, 'id'))];
  const trainings = groupIds.length
    ? await db
        .selectFrom('trainings as t')
        .innerJoin('training_groups as g', 'g.id', 't.group_id')
        .select([
          't.id',
          't.group_id',
          't.starts_at',
          't.ends_at',
          't.place',
          't.cancelled',
          'g.name as group_name',
        ])
        .where('t.group_id', 'in', groupIds)
        .where('t.ends_at', '>=', new Date().toISOString())
        .orderBy('t.starts_at')
        .limit(NEXT_TRAININGS * groupIds.length)
        .execute()
    : [];
  const result: MyClubMember[] = members.map((row) => {
    const id = Number(row.id);
    const groups = memberships
      .filter((membership) => Number(membership.member_id) === id)
      .map((membership) => ({ id: Number(membership.id), name: membership.name as string }));
    const inGroups = new Set(groups.map((group) => group.id));
    return {
      id,
      relation: own.get(id)!,
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: row.birth_date ?? null,
      email: row.email ?? null,
      phone: row.phone ?? null,
      address: row.address ?? null,
      groups,
      consents: CONSENT_KINDS.map(({ value, label }) => {
        const stored = consents.find((consent) => Number(consent.member) === id && consent.kind === value);
        return {
          id: stored ? Number(stored.id) : null,
          version: stored ? Number(stored.version) : null,
          kind: value,
          label,
          granted: stored ? Boolean(stored.granted) : false,
        };
      }),
      nextTrainings: trainings
        .filter((training) => inGroups.has(Number(training.group_id)))
        .slice(0, NEXT_TRAININGS)
        .map((training) => ({
          id: Number(training.id),
          startsAt: new Date(training.starts_at).toISOString(),
          endsAt: new Date(training.ends_at).toISOString(),
          place: training.place ?? null,
          groupName: training.group_name,
          cancelled: Boolean(training.cancelled),
        })),
      payments: payments
        .filter((payment) => payment.member === id)
        .map(
          ({ member: _member, ...payment }): MyClubPayment => ({
            ...payment,
            hasQr: payment.hasQr && club !== null,
          }),
        ),
    };
  });
  return {
    members: result,
    trains: trains.map((row) => ({ id: Number(row.id), name: row.name })),
    bankAccount,
  };
}
