import type { GroupMembersSaved, GroupSetupCandidates } from '@klubovna/shared';
import { recordIdSchema } from '@klubovna/shared/validation/input-limits';
import { type ExpressionBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { ActionContext, EntityAction } from '../../engine/declaration/entity.types.ts';
import { pragueToday } from '../../engine/export/export-columns.ts';
import { diffRecords, toRow } from '../../engine/records/record-mapper.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { insertAudits } from '../../engine/records/records.repository.ts';
import { calendarLinkActions } from './calendar-link.actions.ts';

/** Memberships in force on `day`: started, and not ended before it. */
// biome-ignore lint/suspicious/noExplicitAny: the engine's tables are untyped
const inForce = (day: string) => (eb: ExpressionBuilder<any, any>) =>
  eb.and([eb('valid_from', '<=', day), eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', day)])]);

const candidatesInput = z.object({});

/**
 * What the bulk group setup screen needs in one answer: every member with the groups they are in
 * today, and the groups and categories to choose and filter by.
 */
const setupCandidates: EntityAction<typeof candidatesInput> = {
  label: 'Podklady pro hromadné nastavení skupiny',
  method: 'GET',
  access: 'read',
  wholeTable: true,
  input: candidatesInput,
  run: async ({ db }): Promise<GroupSetupCandidates> => {
    const today = pragueToday();
    const [members, memberships, groups, categories] = await Promise.all([
      db
        .selectFrom('members')
        .select(['id', 'first_name', 'last_name', 'birth_date', 'member_type', 'active'])
        .orderBy('last_name_sort')
        .orderBy('first_name_sort')
        .execute(),
      db.selectFrom('group_members').select(['member_id', 'group_id']).where(inForce(today)).execute(),
      db
        .selectFrom('training_groups')
        .select(['id', 'name', 'category', 'capacity'])
        .orderBy('name_sort')
        .execute(),
      db.selectFrom('categories').select(['id', 'name']).orderBy('position').orderBy('name_sort').execute(),
    ]);
    const groupsOf = new Map<number, number[]>();
    for (const row of memberships) {
      const list = groupsOf.get(Number(row.member_id)) ?? [];
      list.push(Number(row.group_id));
      groupsOf.set(Number(row.member_id), list);
    }
    return {
      categories: categories.map((row) => ({ id: Number(row.id), name: row.name })),
      groups: groups.map((row) => ({
        id: Number(row.id),
        name: row.name,
        categoryId: row.category === null ? null : Number(row.category),
        capacity: row.capacity === null ? null : Number(row.capacity),
      })),
      members: members.map((row) => ({
        id: Number(row.id),
        firstName: row.first_name,
        lastName: row.last_name,
        birthYear: row.birth_date ? Number(String(row.birth_date).slice(0, 4)) : null,
        memberType: row.member_type,
        active: Boolean(row.active),
        groupIds: groupsOf.get(Number(row.id)) ?? [],
      })),
    };
  },
};

const setMembersInput = z.object({
  groupId: recordIdSchema,
  memberIds: z.array(recordIdSchema).max(20_000),
});

/**
 * Makes exactly `memberIds` the group's members from today: newcomers join today, leavers' memberships
 * end yesterday (or vanish if they began today). One transaction; every change audited.
 */
const setGroupMembers: EntityAction<typeof setMembersInput> = {
  label: 'Uložit členy skupiny',
  wholeTable: true,
  input: setMembersInput,
  run: async (context): Promise<GroupMembersSaved> => {
    const { db, input } = context;
    const group = await db
      .selectFrom('training_groups')
      .select(['id', 'name', 'capacity'])
      .where('id', '=', input.groupId)
      .executeTakeFirst();
    if (!group) throw fieldError('groupId', 'Skupina neexistuje nebo byla smazána.');
    const wanted = new Set(input.memberIds);
    if (group.capacity !== null && wanted.size > Number(group.capacity))
      throw fieldError(
        'memberIds',
        `Skupina ${group.name} má kapacitu ${group.capacity}, vybráno je ${wanted.size}.`,
      );
    const today = pragueToday();
    const current = await db
      .selectFrom('group_members')
      .selectAll()
      .where('group_id', '=', input.groupId)
      .where(inForce(today))
      .execute();
    const present = new Set(current.map((row) => Number(row.member_id)));
    const added = [...wanted].filter((memberId) => !present.has(memberId));
    const leaving = current.filter((row) => !wanted.has(Number(row.member_id)));
    await addMembers(context, { id: input.groupId, name: group.name }, added, today);
    await endMemberships(context, leaving, today);
    return { added: added.length, removed: leaving.length, members: wanted.size };
  },
};

async function addMembers(
  context: ActionContext<unknown>,
  group: { id: number; name: string },
  memberIds: number[],
  today: string,
) {
  const { db, entities, userId } = context;
  const entity = entities.get('group-member')!;
  const now = new Date().toISOString();
  for (let start = 0; start < memberIds.length; start += 500) {
    const batch = memberIds.slice(start, start + 500);
    const people = await db
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', batch)
      .execute();
    if (people.length !== batch.length)
      throw fieldError('memberIds', 'Někteří vybraní členové mezitím byli smazáni.');
    const values = people.map((person) => ({
      group: group.id,
      member: Number(person.id),
      validFrom: today,
      validTo: null,
      role: 'ATHLETE',
      note: null,
      title: `${person.first_name} ${person.last_name} – ${group.name}`,
    }));
    const inserted = await db
      .insertInto('group_members')
      .values(values.map((value) => ({ ...toRow(entity, value), created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    await insertAudits(
      db,
      userId,
      entity,
      inserted.map((row, index) => ({
        recordId: Number(row.id),
        action: 'create',
        changes: diffRecords(null, values[index]!, entity),
      })),
    );
  }
}

async function endMemberships(
  context: ActionContext<unknown>,
  rows: Array<Record<string, unknown>>,
  today: string,
) {
  const { db, entities, userId } = context;
  const entity = entities.get('group-member')!;
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const startedToday = rows.filter((row) => row.valid_from === today).map((row) => Number(row.id));
  const ended = rows.filter((row) => row.valid_from !== today).map((row) => Number(row.id));
  if (startedToday.length > 0) await db.deleteFrom('group_members').where('id', 'in', startedToday).execute();
  if (ended.length > 0)
    await db
      .updateTable('group_members')
      .set({ valid_to: yesterday, version: sql`version + 1`, updated_at: new Date().toISOString() })
      .where('id', 'in', ended)
      .execute();
  await insertAudits(db, userId, entity, [
    ...startedToday.map((id) => ({ recordId: id, action: 'delete' as const, changes: {} })),
    ...ended.map((id) => ({
      recordId: id,
      action: 'update' as const,
      changes: { validTo: { from: null, to: yesterday } },
    })),
  ]);
}

export const groupActions = {
  'setup-candidates': setupCandidates,
  'set-members': setGroupMembers,
  ...calendarLinkActions,
};
