import { czechDate } from '@klubovna/shared/time/prague';
import type { Values } from '../../engine/records/record-mapper.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { czechPlural } from '../../engine/schema/czech-text.ts';

interface Period {
  validFrom: string;
  validTo: string | null;
}

const overlaps = (a: Period, b: Period) =>
  (a.validTo === null || a.validTo >= b.validFrom) && (b.validTo === null || b.validTo >= a.validFrom);

/**
 * Checks a membership before it is saved and returns it with its title: the member is not in the
 * group twice at once, and the group's capacity holds on every day of the period.
 */
export async function checkedMembership(
  db: DynamicDb,
  data: Values,
  exceptId: number | null,
): Promise<Values> {
  const period: Period = {
    validFrom: data.validFrom as string,
    validTo: (data.validTo as string | null) ?? null,
  };
  const group = await db
    .selectFrom('training_groups')
    .select(['name', 'capacity'])
    .where('id', '=', data.group as number)
    .executeTakeFirst();
  const member = await db
    .selectFrom('members')
    .select(['first_name', 'last_name'])
    .where('id', '=', data.member as number)
    .executeTakeFirst();
  if (!group || !member) return data;
  const memberName = `${member.first_name} ${member.last_name}`;
  const others = (
    await db
      .selectFrom('group_members')
      .select(['id', 'member_id', 'valid_from', 'valid_to'])
      .where('group_id', '=', data.group as number)
      .where('id', '!=', exceptId ?? 0)
      .execute()
  )
    .map((row) => ({
      member: Number(row.member_id),
      validFrom: row.valid_from as string,
      validTo: row.valid_to as string | null,
    }))
    .filter((row) => overlaps(row, period));

  const twice = others.find((row) => row.member === data.member);
  if (twice)
    throw fieldError(
      'member',
      `${memberName} už ve skupině ${group.name} je od ${czechDate(twice.validFrom)}${twice.validTo ? ` do ${czechDate(twice.validTo)}` : ''}.`,
    );
  if (group.capacity !== null && busiestDay(others, period) >= Number(group.capacity)) {
    const capacity = Number(group.capacity);
    throw fieldError(
      'group',
      `Skupina ${group.name} je plná: kapacita ${capacity} ${czechPlural(capacity, { one: 'místo', few: 'místa', many: 'míst' })}.`,
    );
  }
  return { ...data, title: `${memberName} – ${group.name}` };
}

/** The most memberships of `others` in force on one day of `period` (they change only where one starts). */
function busiestDay(others: Period[], period: Period): number {
  const days = [
    period.validFrom,
    ...others.map((row) => row.validFrom).filter((day) => day > period.validFrom),
  ];
  return Math.max(
    0,
    ...days
      .filter((day) => period.validTo === null || day <= period.validTo)
      .map(
        (day) =>
          others.filter((row) => row.validFrom <= day && (row.validTo === null || row.validTo >= day)).length,
      ),
  );
}
