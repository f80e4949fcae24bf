import { raceCategories } from '@klubovna/shared';
import type { EntityHooks, HookContext, Values } from '../../engine/declaration/entity.types.ts';
import { pragueToday } from '../../engine/export/export-columns.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { czechDate } from '../../engine/schema/czech-text.ts';

/**
 * Checks an entry before it is saved and returns it with its title: a member starts once per race,
 * in one of the race's categories when it lists any, with a result only from the race's first day.
 */
async function checkedEntry({ db }: HookContext, data: Values, exceptId: number | null): Promise<Values> {
  const race = await db
    .selectFrom('races')
    .select(['name', 'date_from', 'categories'])
    .where('id', '=', data.race as number)
    .executeTakeFirst();
  const member = await db
    .selectFrom('members')
    .select(['first_name', 'last_name', 'gender'])
    .where('id', '=', data.member as number)
    .executeTakeFirst();
  if (!race || !member) return data;
  const name = `${member.first_name} ${member.last_name}`;
  const twice = await db
    .selectFrom('race_participants')
    .select('id')
    .where('race', '=', data.race as number)
    .where('member', '=', data.member as number)
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  if (twice)
    throw fieldError(
      'member',
      `${name} už je do závodu ${race.name} ${member.gender === 'FEMALE' ? 'přihlášena' : 'přihlášen'}.`,
    );
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
  return { ...data, title: `${name} – ${race.name}` };
}

export const raceEntryHooks: EntityHooks = {
  beforeCreate: (context) => checkedEntry(context, context.data, null),
  beforeUpdate: (context) => checkedEntry(context, context.data, context.previous.id),
};
