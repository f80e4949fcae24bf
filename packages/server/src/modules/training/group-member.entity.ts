import { pragueToday } from '@klubovna/shared/time/prague';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isOwnMember, isTrainedGroup, personal } from '../people/index.ts';
import { groupMemberActions } from './group-member.actions.ts';
import { checkedMembership } from './group-member.rules.ts';

export const GROUP_ROLE_OPTIONS = [
  { value: 'ATHLETE', label: 'Sportovec' },
  { value: 'ASSISTANT', label: 'Asistent trenéra' },
  { value: 'CAPTAIN', label: 'Kapitán' },
] as const;

/** Who is in which group, from when to when, in what role. */
export const groupMemberEntity: EntityDeclaration = {
  alias: 'group-member',
  table: 'group_members',
  labels: {
    singular: 'Člen skupiny',
    plural: 'Členové skupin',
    count: { one: 'člen skupiny', few: 'členové skupin', many: 'členů skupin' },
    accusative: { one: 'člena skupiny', few: 'členy skupin', many: 'členů skupin' },
  },
  area: 'training',
  screens: {
    zone: 'training',
    list: '/admin/clenove-skupiny',
    titles: { create: 'Nový člen skupiny', edit: 'Úprava člena skupiny' },
  },
  rows: {
    read: personal((person, eb) =>
      eb.or([isTrainedGroup(eb, 'group_id', person), isOwnMember(eb, 'member_id', person)]),
    ),
    write: personal(false),
  },
  fields: {
    group: {
      kind: 'relation',
      label: 'Skupina',
      required: true,
      column: 'group_id',
      relation: { alias: 'group' },
    },
    member: {
      kind: 'relation',
      label: 'Člen',
      required: true,
      column: 'member_id',
      relation: { alias: 'member' },
    },
    validFrom: { kind: 'date', label: 'Od', span: 3, help: 'Prázdné: ode dneška.' },
    validTo: {
      kind: 'date',
      label: 'Do',
      notBefore: 'validFrom',
      span: 3,
      help: 'Prázdné: ve skupině dosud.',
    },
    role: { kind: 'enum', label: 'Role ve skupině', options: GROUP_ROLE_OPTIONS, defaultValue: 'ATHLETE' },
    note: { kind: 'longText', label: 'Poznámka', maxLength: 1000, listed: false },
    // Kept by the hooks: names the record in lists and dialogs and makes it findable by the member's name.
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true, inForm: false, listed: false },
  },
  defaultSort: { field: 'validFrom', direction: 'desc' },
  searchFields: ['title'],
  labelFields: ['title'],
  hooks: {
    beforeCreate: (context) =>
      checkedMembership(context.db, { validFrom: pragueToday(), ...withoutNulls(context.data) }, null),
    beforeUpdate: (context) =>
      checkedMembership(
        context.db,
        { ...context.data, validFrom: context.data.validFrom ?? pragueToday() },
        context.previous.id,
      ),
  },
  actions: groupMemberActions,
};

const withoutNulls = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
