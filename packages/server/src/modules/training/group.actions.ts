import type { GroupMembersSaved, GroupSetupCandidates } from '@klubovna/shared';
import { addDays, pragueToday } from '@klubovna/shared/time/prague';
import { isoDateSchema, recordIdSchema } from '@klubovna/shared/validation/input-limits';
import { type ExpressionBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { ActionContext, EntityAction } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { insertAudits, insertRecords } from '../../engine/records/records.repository.ts';
import { calendarLinkActions } from './calendar-link.actions.ts';
import { groupMembersSavedAnswer, setupCandidatesAnswer } from './training.answers.ts';

/** Memberships in force on `day` or on any day after it: not ended before it. */
// biome-ignore lint/suspicious/noExplicitAny: the engine's tables are untyped
const fromDayOn = (day: string) => (eb: ExpressionBuilder<any, any>) =>
  eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', day)]);

const candidatesInput = z.object({
  /** The day the setup takes effect (default today): members' groups are those from that day on. */
  from: isoDateSchema.optional(),
});

/**
 * What the bulk group setup screen needs in one answer: every member with the groups they are in
 * from the chosen day on, and the groups and categories (with their ages) to choose and filter by.
 */
const setupCandidates: EntityAction<typeof candidatesInput, typeof setupCandidatesAnswer> = {
  label: 'Podklady pro hromadné nastavení skupiny',
  method: 'GET',
  access: 'read',
  wholeTable: true,
  input: candidatesInput,
  output: setupCandidatesAnswer,
  run: async ({ db, input }): Promise<GroupSetupCandidates> => {
    const from = input.from ?? pragueToday();
    const [members, memberships, groups, categories] = await Promise.all([
      db
        .selectFrom('members')
        .select(['id', 'first_name', 'last_name', 'birth_date', 'member_type', 'active'])
        .orderBy('last_name_sort')
        .orderBy('first_name_sort')
        .execute(),
      db.selectFrom('group_members').select(['member_id', 'group_id']).where(fromDayOn(from)).execute(),
      db
        .selectFrom('training_groups')
        .select(['id', 'name', 'category', 'capacity'])
        .orderBy('name_sort')
        .execute(),
      db
        .selectFrom('categories')
        .select(['id', 'name', 'age_from', 'age_to'])
        .orderBy('position')
        .orderBy('name_sort')
        .execute(),
    ]);
    const groupsOf = new Map<number, Set<number>>();
    for (const row of memberships) {
      const set = groupsOf.get(Number(row.member_id)) ?? new Set<number>();
      set.add(Number(row.group_id));
      groupsOf.set(Number(row.member_id), set);
    }
    const numberOrNull = (value: unknown) => (value === null ? null : Number(value));
    return {
      from,
      categories: categories.map((row) => ({
        id: Number(row.id),
        name: row.name,
        ageFrom: numberOrNull(row.age_from),
        ageTo: numberOrNull(row.age_to),
      })),
      groups: groups.map((row) => ({
        id: Number(row.id),
        name: row.name,
        categoryId: numberOrNull(row.category),
        capacity: numberOrNull(row.capacity),
      })),
      members: members.map((row) => ({
        id: Number(row.id),
        firstName: row.first_name,
        lastName: row.last_name,
        birthYear: row.birth_date ? Number(String(row.birth_date).slice(0, 4)) : null,
        memberType: row.member_type,
        active: Boolean(row.active),
        groupIds: [...(groupsOf.get(Number(row.id)) ?? [])],
      })),
    };
  },
};

const setMembersInput = z.object({
  groupId: recordIdSchema,
  memberIds: z.array(recordIdSchema).max(20_000),
  /** The day the members are in the group from (default today); may be in the past. */
  validFrom: isoDateSchema.optional(),
});

type Membership = Record<string, unknown>;

/**
 * Makes exactly `memberIds` the group's members from `validFrom` on: newcomers join that day, a
 * member whose membership begins later has it begin that day, leavers' memberships end the day
 * before (or vanish if they would begin that day or later). One transaction; every change audited.
 */
const setGroupMembers: EntityAction<typeof setMembersInput, typeof groupMembersSavedAnswer> = {
  label: 'Uložit členy skupiny',
  wholeTable: true,
  input: setMembersInput,
  output: groupMembersSavedAnswer,
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
    const from = input.validFrom ?? pragueToday();
    const current = await db
      .selectFrom('group_members')
      .selectAll()
      .where('group_id', '=', input.groupId)
      .where(fromDayOn(from))
      .orderBy('valid_from')
      .execute();
    const present = new Set(current.map((row) => Number(row.member_id)));
    const added = [...wanted].filter((memberId) => !present.has(memberId));
    const leaving = current.filter((row) => !wanted.has(Number(row.member_id)));
    await addMembers(context, { id: input.groupId, name: group.name }, added, from);
    await endMemberships(context, leaving, from);
    const backdated = await startLaterMemberships(
      context,
      current.filter((row) => wanted.has(Number(row.member_id))),
      from,
    );
    return { added: added.length, removed: leaving.length, backdated, members: wanted.size };
  },
};

async function addMembers(
  context: ActionContext<unknown>,
  group: { id: number; name: string },
  memberIds: number[],
  validFrom: string,
) {
  const { db, entities, userId } = context;
  const entity = entities.get('group-member')!;
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
      validFrom,
      validTo: null,
      role: 'ATHLETE',
      note: null,
      title: `${person.first_name} ${person.last_name} – ${group.name}`,
    }));
    await insertRecords(db, userId, entity, values);
  }
}

async function endMemberships(context: ActionContext<unknown>, rows: Membership[], from: string) {
  const { db, entities, userId } = context;
  const entity = entities.get('group-member')!;
  const lastDay = addDays(from, -1);
  const notYetBegun = rows.filter((row) => String(row.valid_from) >= from).map((row) => Number(row.id));
  const ended = rows.filter((row) => String(row.valid_from) < from);
  if (notYetBegun.length > 0) await db.deleteFrom('group_members').where('id', 'in', notYetBegun).execute();
  if (ended.length > 0)
    await db
      .updateTable('group_members')
      .set({ valid_to: lastDay, version: sql`version + 1`, updated_at: new Date().toISOString() })
      .where(
        'id',
        'in',
        ended.map((row) => Number(row.id)),
      )
      .execute();
  await insertAudits(db, userId, entity, [
    ...notYetBegun.map((id) => ({ recordId: id, action: 'delete' as const, changes: {} })),
    ...ended.map((row) => ({
      recordId: Number(row.id),
      action: 'update' as const,
      changes: { validTo: { from: row.valid_to ?? null, to: lastDay } },
    })),
  ]);
}

/**
 * A staying member not in the group on `from` but later (their membership begins after it) is in
 * from `from`: their first later membership begins then. Nothing overlaps, as none is in force
 * between `from` and that beginning. Returns how many were moved.
 */
async function startLaterMemberships(context: ActionContext<unknown>, staying: Membership[], from: string) {
  const { db, entities, userId } = context;
  const inForceOnFrom = new Set(
    staying.filter((row) => String(row.valid_from) <= from).map((row) => Number(row.member_id)),
  );
  const firstLater = new Map<number, Membership>();
  for (const row of staying) {
    const member = Number(row.member_id);
    if (!inForceOnFrom.has(member) && !firstLater.has(member)) firstLater.set(member, row);
  }
  const moved = [...firstLater.values()];
  if (moved.length === 0) return 0;
  await db
    .updateTable('group_members')
    .set({ valid_from: from, version: sql`version + 1`, updated_at: new Date().toISOString() })
    .where(
      'id',
      'in',
      moved.map((row) => Number(row.id)),
    )
    .execute();
  await insertAudits(
    db,
    userId,
    entities.get('group-member')!,
    moved.map((row) => ({
      recordId: Number(row.id),
      action: 'update' as const,
      changes: { validFrom: { from: row.valid_from, to: from } },
    })),
  );
  return moved.length;
}

export const groupActions = {
  'setup-candidates': setupCandidates,
  'set-members': setGroupMembers,
  ...calendarLinkActions,
};
