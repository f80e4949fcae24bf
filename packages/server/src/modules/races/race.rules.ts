import { raceCategories } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import type { EntityHooks, HookContext, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';

/**
 * Checks an entry before it is saved (the sign-up list has checked who and when): in one of the race's
 * categories when it lists any, with a result only from the race's first day.
 */
async function checkedEntry({ db }: HookContext, data: Values): Promise<undefined> {
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
}

export const raceEntryHooks: EntityHooks = {
  beforeCreate: (context) => checkedEntry(context, context.data),
  beforeUpdate: (context) => checkedEntry(context, context.data),
};
