import type { DatagridSchema, EntityRecord, FormSchema } from '@klubovna/shared';

/** A small member entity as the server describes it (the contract the engine renders from). */
const routes = { list: '/admin/clenove', create: '/admin/clenove/create', edit: '/admin/clenove/edit' };
const labels = { singular: 'Člen', plural: 'Členové', count: { one: 'člen', few: 'členové', many: 'členů' } };
const memberTypes = [
  { value: 'TRAINER', label: 'Trenér' },
  { value: 'ATHLETE', label: 'Závodník' },
];

export const MEMBER_GRID: DatagridSchema = {
  name: 'member',
  labels,
  columns: [
    { key: 'lastName', label: 'Příjmení', kind: 'text', sortable: true, filter: null, defaultVisible: true },
    { key: 'firstName', label: 'Jméno', kind: 'text', sortable: true, filter: null, defaultVisible: true },
    {
      key: 'memberType',
      label: 'Typ člena',
      kind: 'enum',
      sortable: true,
      filter: 'enum',
      options: memberTypes,
      defaultVisible: true,
    },
    {
      key: 'active',
      label: 'Aktivní',
      kind: 'boolean',
      sortable: true,
      filter: 'boolean',
      defaultVisible: true,
    },
  ],
  defaultSort: { column: 'lastName', direction: 'asc' },
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 25,
  maxPageSize: 100,
  searchable: true,
  rowActions: ['edit', 'delete'],
  canCreate: true,
  canDelete: true,
  routes,
  labelFields: ['lastName', 'firstName'],
};

export const MEMBER_FORM: FormSchema = {
  alias: 'member',
  labels,
  routes,
  canWrite: true,
  labelFields: ['lastName', 'firstName'],
  sections: [{ key: 'person', label: 'Osobní údaje' }],
  fields: [
    {
      name: 'lastName',
      label: 'Příjmení',
      kind: 'text',
      required: true,
      constraints: { maxLength: 100 },
      section: 'person',
      span: 6,
    },
    {
      name: 'firstName',
      label: 'Jméno',
      kind: 'text',
      required: true,
      constraints: {},
      section: 'person',
      span: 6,
    },
    {
      name: 'email',
      label: 'E-mail',
      kind: 'email',
      required: false,
      constraints: {},
      section: 'person',
      span: 6,
    },
    {
      name: 'memberType',
      label: 'Typ člena',
      kind: 'enum',
      required: false,
      constraints: {},
      options: memberTypes,
      section: 'person',
      span: 6,
      defaultValue: 'ATHLETE',
    },
  ],
};

export const member = (
  id: number,
  lastName: string,
  firstName: string,
  extra: Partial<EntityRecord> = {},
) => ({
  id,
  version: 1,
  lastName,
  firstName,
  email: null,
  memberType: 'ATHLETE',
  active: true,
  ...extra,
});

export const ok = (data: unknown) => ({ status: 200, body: { data } });
