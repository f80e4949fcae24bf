import { recordIdSchema } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { EntityAction, EntityHooks } from '../../engine/declaration/entity.types.ts';
import type { Values } from '../../engine/records/record-mapper.ts';

/** "  cz-123 456 " → "CZ-123456": how the federation prints registration numbers, so duplicates are found. */
export function normalizeRegistrationNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const normalize = (data: Values): Values => ({
  ...data,
  ...(typeof data.email === 'string' ? { email: data.email.trim().toLowerCase() } : {}),
  ...(typeof data.registrationNumber === 'string'
    ? { registrationNumber: normalizeRegistrationNumber(data.registrationNumber) }
    : {}),
});

/** E-mails are compared and stored lower-cased; registration numbers without spaces, in capitals. */
export const memberHooks: EntityHooks = { normalize };

const setActiveInput = z.object({
  ids: z.array(recordIdSchema).min(1).max(1000),
  active: z.boolean(),
});

/** Marks many members active or inactive at once, each saved (and audited) as an ordinary update. */
/** How many members changed, and how many of the ids named none. */
const setActiveOutput = z.object({ changed: z.number().int(), missing: z.number().int() });

export const setMembersActive: EntityAction<typeof setActiveInput, typeof setActiveOutput> = {
  label: 'Nastavit aktivitu vybraných členů',
  wholeTable: true,
  input: setActiveInput,
  output: setActiveOutput,
  run: async ({ input, db, records, entity }) => {
    const current = await db
      .selectFrom(entity.declaration.table)
      .select(['id', 'version', 'active'])
      .where('id', 'in', [...new Set(input.ids)])
      .execute();
    const toChange = current.filter((row) => Boolean(row.active) !== input.active);
    for (const row of toChange) {
      await records.update('member', Number(row.id), { active: input.active, version: Number(row.version) });
    }
    return { changed: toChange.length, missing: new Set(input.ids).size - current.length };
  },
};
