import { CONSENT_KINDS } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import type { EntityHooks, HookContext } from '../../engine/declaration/entity.types.ts';
import type { Values } from '../../engine/records/record-mapper.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';

const kindLabel = (kind: unknown) =>
  CONSENT_KINDS.find((option) => option.value === kind)?.label ?? String(kind);

/** "Šárka Řehořová – Fotografie na veřejném webu": the consent in lists, dialogs and the history. */
async function titled(context: HookContext, data: Values): Promise<Values> {
  const member = await context.db
    .selectFrom('members')
    .select(['first_name', 'last_name'])
    .where('id', '=', Number(data.member))
    .executeTakeFirst();
  const name = member ? `${member.first_name} ${member.last_name}` : '';
  return { ...data, title: `${name} – ${kindLabel(data.kind)}`, givenOn: data.givenOn ?? pragueToday() };
}

/** One consent of a kind per member: a change of mind is a change of that record (and its history). */
async function assertSingle(context: HookContext, data: Values, exceptId?: number) {
  let query = context.db
    .selectFrom('consents')
    .select('id')
    .where('member', '=', Number(data.member))
    .where('kind', '=', String(data.kind));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst())
    throw fieldError('kind', 'Tento souhlas už má člen zapsaný: změňte ten záznam.');
}

export const consentHooks: EntityHooks = {
  beforeCreate: async (context) => {
    await assertSingle(context, context.data);
    return titled(context, context.data);
  },
  beforeUpdate: async (context) => {
    await assertSingle(context, context.data, context.previous.id);
    return titled(context, context.data);
  },
};
