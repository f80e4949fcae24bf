import type { EntityRecord, Role } from '@klubovna/shared';
import type { Executor } from '../../db/database.ts';
import type { EntityDeclaration, EntityHooks, HookContext } from '../../engine/declaration/entity.types.ts';
import { AppError } from '../../errors/app-error.ts';
import { deleteUserSessions, userDeclaration } from '../auth/index.ts';
import { invitationState } from './invitation-state.ts';
import { userActions } from './user.actions.ts';
import {
  type Actor,
  assertAnotherActiveRoot,
  assertEmailFree,
  assertMayManage,
  assertNotSelf,
  assertRolesChange,
} from './users.rules.ts';

const actorOf = (context: HookContext): Actor => ({ id: context.userId, roles: context.roles });
const executor = (context: HookContext) => context.db as unknown as Executor;
const isActiveRoot = (record: Record<string, unknown>) =>
  record.active === true && Array.isArray(record.roles) && record.roles.includes('ROLE_ROOT');

/** Fields a form may send: the declared ones it may write, and the version it read. */
const WRITABLE = new Set([
  'version',
  ...Object.entries(userDeclaration.fields)
    .filter(([, field]) => !field.readOnly)
    .map(([name]) => name),
]);

/**
 * The role rules on every save of an account through the engine: only a root touches a root or the
 * root role, nobody raises their own roles or deactivates themselves, the last active root stays,
 * an e-mail is unique ignoring case, and a deactivated user's sessions end in the same transaction.
 */
const userHooks: EntityHooks = {
  beforeValidate: ({ operation, data }) => {
    if (operation === 'create')
      throw new AppError(
        'USE_ACCOUNT_CREATION',
        400,
        'Uživatele založte na stránce Nový uživatel (s heslem), nebo ho pozvěte e-mailem.',
      );
    const undeclared = Object.keys(data).find((name) => !WRITABLE.has(name));
    if (undeclared !== undefined)
      throw new AppError('BAD_REQUEST', 400, `Pole „${undeclared}“ se u uživatele takto měnit nedá.`);
    return data;
  },
  beforeUpdate: async (context) => {
    const { data, previous } = context;
    const actor = actorOf(context);
    assertMayManage(actor, { roles: previous.roles as Role[] });
    assertRolesChange(actor, previous.id, previous.roles as Role[], data.roles as Role[]);
    if (previous.active && !data.active) assertNotSelf(actor, previous.id, 'Sami sebe deaktivovat nemůžete.');
    if (isActiveRoot(previous as Record<string, unknown>) && !isActiveRoot(data))
      await assertAnotherActiveRoot(executor(context), previous.id);
    await assertEmailFree(executor(context), String(data.email), previous.id);
    return undefined;
  },
  afterUpdate: async (context) => {
    if (context.previous.active && !context.record.active)
      await deleteUserSessions(executor(context), context.record.id);
  },
  afterRead: ({ record }): EntityRecord => ({
    ...record,
    invitation: invitationState(record.invitation, record.invitationExpiresAt),
  }),
};

/** CMS users: the account declaration with the users zone's role rules and account actions. */
export const userEntity: EntityDeclaration = { ...userDeclaration, hooks: userHooks, actions: userActions };
