import { raceCategories } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import type { EntityHooks, HookContext, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { findConfigurationRow } from '../web/index.ts';

/**
 * Checks an entry before it is saved (the sign-up list has checked who and when): in one of the race's
 * categories when it lists any, with a result only from the race's first day.
 */
async function checkedEntry({ db }: HookContext, data: Values): Promise<Values | undefined> {
  const race = await db
    .selectFrom('races')
    .select(['name', 'date_from', 'categories'])
    .where('id', '=', data.race as number)
    .executeTakeFirst();
  if (!race) return;
  const categories = raceCategories(race.categories as string | null);
  const category = (data.category as string | null) ?? null;
  if (category !== null && categories.length > 0 && !categories.includes(category))
    throw fieldError('category', `Závod ${race.name} má kategorie ${categories.join(', ')}.`);
  const hasResult = data.resultTime != null || data.resultPlace != null;
  if (hasResult && (race.date_from as string) > pragueToday())
    throw fieldError(
      data.resultTime != null ? 'resultTime' : 'resultPlace',
      `Výsledek lze zapsat až od dne závodu (${czechDate(race.date_from as string)}).`,
    );
  return { ...data, medicalWarning: await medicalWarning(db, Number(data.member), String(race.date_from)) };
}

/**
 * Whether the member has a medical check valid on the race's first day: a warning kept on the entry
 * when not, or a refusal on the member when the club's configuration says so.
 */
async function medicalWarning(
  db: HookContext['db'],
  memberId: number,
  raceDay: string,
): Promise<string | null> {
  const member = await db
    .selectFrom('members')
    .select(['first_name', 'last_name', 'medical_valid_until'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  const validUntil = member?.medical_valid_until as string | null | undefined;
  if (!member || (validUntil && validUntil >= raceDay)) return null;
  const warning = validUntil
    ? `Lékařská prohlídka platí jen do ${czechDate(validUntil)}, závod je ${czechDate(raceDay)}.`
    : 'Člen nemá platnou lékařskou prohlídku.';
  const configuration = await findConfigurationRow(db);
  if (configuration?.races_need_medical_check)
    throw fieldError(
      'member',
      `${member.first_name} ${member.last_name}: ${warning} Bez ní se do závodu přihlásit nelze.`,
    );
  return warning;
}

export const raceEntryHooks: EntityHooks = {
  beforeCreate: (context) => checkedEntry(context, context.data),
  beforeUpdate: (context) => checkedEntry(context, context.data),
};
