import { API_PATHS, type EntityRecord, type Role } from '@klubovna/shared';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import type { EntityAction } from '../../engine/declaration/entity.types.ts';
import { recordAnswer } from '../../engine/entity-openapi.ts';
import { clearTwoFactor, deleteUserSessions } from '../auth/index.ts';
import { assertMayManage, assertNotSelf } from './users.rules.ts';

const noInput = z.object({}).strict();
const userRecord = recordAnswer('user');

/**
 * Turns the active flag over through the engine's own update, so the role rules (the hooks) decide
 * and the history shows who did it: nobody deactivates themselves or the last active root, and a
 * deactivated user's sessions end in the same transaction.
 */
const changeActive: EntityAction<typeof noInput, typeof userRecord> = {
  label: 'Aktivace a deaktivace uživatele',
  path: API_PATHS.changeUserActive,
  input: noInput,
  output: userRecord,
  audited: false,
  run: ({ record, records }) =>
    records.update('user', record!.id, { active: !record!.active, version: record!.version }),
};

/** Turns off another user's two-factor sign-in (a lost phone and codes); their sessions end. */
const resetTwoFactor: EntityAction<typeof noInput, typeof userRecord> = {
  label: 'Vypnutí dvoufázového přihlášení',
  path: API_PATHS.userTwoFactorReset,
  input: noInput,
  output: userRecord,
  run: async ({ db, userId, roles, record, records }): Promise<EntityRecord> => {
    const target = record!;
    assertMayManage({ id: userId, roles }, { roles: target.roles as Role[] });
    assertNotSelf({ id: userId, roles }, target.id, 'Vlastní dvoufázové přihlášení vypnete v profilu.');
    await clearTwoFactor(db as unknown as Executor, target.id);
    await deleteUserSessions(db as unknown as Executor, target.id);
    return records.read('user', target.id);
  },
};

export const userActions = { 'change-active': changeActive, 'reset-two-factor': resetTwoFactor };
