import { API_PATHS, type GroupMembersPage } from '@klubovna/shared';
import { recordIdSchema, recordIdText } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type { EntityAction } from '../../engine/declaration/entity.types.ts';
import { recordAnswer } from '../../engine/entity-openapi.ts';
import { groupMembersPageAnswer } from './training.answers.ts';

const groupMemberRecord = recordAnswer('group-member');

const listInput = z.object({
  groupId: recordIdText.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** A group's members with their names, by surname, a page at a time. */
const getGroupMembers: EntityAction<typeof listInput, typeof groupMembersPageAnswer> = {
  label: 'Členové skupiny',
  method: 'GET',
  path: API_PATHS.groupMembers,
  access: 'read',
  input: listInput,
  output: groupMembersPageAnswer,
  run: async ({ db, input, rowsOf }): Promise<GroupMembersPage> => {
    let query = db
      .selectFrom('group_members as gm')
      .innerJoin('members as m', 'm.id', 'gm.member_id')
      .innerJoin('training_groups as g', 'g.id', 'gm.group_id')
      .where('gm.id', 'in', db.selectFrom('group_members').select('id').where(rowsOf('group-member')));
    if (input.groupId !== undefined) query = query.where('gm.group_id', '=', input.groupId);
    const total = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'gm.id',
        'gm.group_id',
        'g.name as group_name',
        'gm.member_id',
        'm.first_name',
        'm.last_name',
        'gm.valid_from',
        'gm.valid_to',
        'gm.role',
        'gm.version',
      ])
      .orderBy('m.last_name_sort')
      .orderBy('m.first_name_sort')
      .orderBy('gm.id')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute();
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        groupId: Number(row.group_id),
        groupName: row.group_name,
        memberId: Number(row.member_id),
        firstName: row.first_name,
        lastName: row.last_name,
        validFrom: row.valid_from,
        validTo: row.valid_to,
        role: row.role,
        version: Number(row.version),
      })),
      total: Number(total.total),
      page: input.page,
      limit: input.limit,
    };
  },
};

const createInput = z.object({
  groupId: recordIdSchema,
  memberId: recordIdSchema,
  validFrom: z.string().optional(),
  validTo: z.string().nullish(),
  role: z.string().optional(),
  note: z.string().nullish(),
});

/** Puts a member into a group, with the same checks as the form (period, twice in a group, capacity). */
const createGroupMember: EntityAction<typeof createInput, typeof groupMemberRecord> = {
  label: 'Přidat člena do skupiny',
  path: API_PATHS.createGroupMember,
  input: createInput,
  output: groupMemberRecord,
  run: ({ input, records }) => {
    const { groupId, memberId, ...rest } = input;
    return records.create('group-member', { group: groupId, member: memberId, ...rest });
  },
};

export const groupMemberActions = {
  'get-group-members': getGroupMembers,
  'create-group-member': createGroupMember,
};
