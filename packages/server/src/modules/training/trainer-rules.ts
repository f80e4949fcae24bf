import type { HookContext } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';

/** Only trainers and head trainers lead a group or a training; the refusal names who is not one. */
export async function assertTrainers({ db }: HookContext, trainers: unknown) {
  const ids = Array.isArray(trainers) ? (trainers as number[]) : [];
  if (ids.length === 0) return;
  const athletes = await db
    .selectFrom('members')
    .select(['first_name', 'last_name'])
    .where('id', 'in', ids)
    .where((eb) =>
      eb.or([eb('member_type', 'not in', ['TRAINER', 'HEAD_TRAINER']), eb('member_type', 'is', null)]),
    )
    .orderBy('last_name_sort')
    .execute();
  if (athletes.length === 0) return;
  const names = athletes.map((row) => `${row.first_name} ${row.last_name}`).join(', ');
  throw fieldError('trainers', `Trenérem může být jen trenér nebo vedoucí trenér, ne: ${names}.`);
}
