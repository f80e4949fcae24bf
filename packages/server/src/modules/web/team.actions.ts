import { API_PATHS } from '@klubovna/shared';
import { recordIdSchema } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { EntityAction } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';

const orderInput = z.object({ ids: z.array(recordIdSchema).min(1).max(1000) });
/** The team's ids in their new order. */
const orderOutput = z.object({ ids: z.array(z.number().int()) });

/**
 * Puts the whole team into the given order (positions 0, 1, 2…), each moved person saved through the
 * engine (version, audit). The list must name every team member once.
 */
export const reorderTeam: EntityAction<typeof orderInput, typeof orderOutput> = {
  label: 'Seřadit tým',
  method: 'PUT',
  path: API_PATHS.teamOrder,
  input: orderInput,
  output: orderOutput,
  run: async ({ db, input, records }) => {
    const rows = await db.selectFrom('team_members').select(['id', 'position', 'version']).execute();
    const known = new Set(rows.map((row) => Number(row.id)));
    if (
      new Set(input.ids).size !== input.ids.length ||
      input.ids.length !== known.size ||
      input.ids.some((id) => !known.has(id))
    )
      throw fieldError('ids', 'Pořadí musí obsahovat každého člena týmu právě jednou; načtěte tým znovu.');
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    for (const [position, id] of input.ids.entries()) {
      const row = byId.get(id)!;
      if (Number(row.position) !== position)
        await records.update('team-member', id, { position, version: Number(row.version) });
    }
    return { ids: input.ids };
  },
};
