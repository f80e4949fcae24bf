import type { EntityRecord } from '@klubovna/shared';
import { serverDatagridSchema, serverFormSchema } from './server-schemas.ts';

/** The member entity's datagrid and form schemas as the real server serves them to an admin. */
export const MEMBER_GRID = serverDatagridSchema('member');
export const MEMBER_FORM = serverFormSchema('member');

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
