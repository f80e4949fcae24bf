import { buildUrl, type CmsUser, INVITATION_TTL_DAYS, type Role } from '@klubovna/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Mailer } from '../../plugins/mail.ts';
import {
  deleteUserSessions,
  findUserById,
  hashPassword,
  insertUser,
  parseRoles,
  randomToken,
  replaceToken,
  sha256,
  updatePasswordHash,
} from '../auth/index.ts';
import { findCmsUser, markInvited } from './users.repository.ts';
import {
  type Actor,
  assertEmailFree,
  assertMayManage,
  assertNotSelf,
  assertRolesChange,
} from './users.rules.ts';

export interface UsersDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const nowIso = () => new Date().toISOString();

export async function getUser(deps: UsersDeps, id: number): Promise<CmsUser> {
  const user = await findCmsUser(deps.db, id, nowIso());
  if (!user) throw notFound('Takový uživatel neexistuje.');
  return user;
}

export interface NewCmsUser {
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  active: boolean;
  /** None for an invited user, who sets it from the mailed link. */
  password?: string | undefined;
}

/** Creates a user with a password, or without one and mails an invitation (`invite`). */
export async function createUser(
  deps: UsersDeps,
  actor: Actor,
  input: NewCmsUser,
  invite: boolean,
): Promise<{ user: CmsUser; invitationSent: boolean }> {
  assertRolesChange(actor, null, [], input.roles);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const token = randomToken();
  const id = await deps.db.transaction().execute(async (trx) => {
    await assertEmailFree(trx, input.email);
    const now = nowIso();
    const created = await insertUser(trx, { ...input, passwordHash }, now);
    if (invite) await storeInvitation(trx, created, token, new Date(now), actor.id);
    return created;
  });
  const invitationSent = invite ? await mailInvitation(deps, input.email, input.firstName, token) : false;
  return { user: await getUser(deps, id), invitationSent };
}

async function storeInvitation(db: Executor, userId: number, token: string, now: Date, invitedBy: number) {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
  await replaceToken(db, userId, sha256(token), now.toISOString(), expiresAt, invitedBy);
  await markInvited(db, userId, expiresAt);
}

/** False when the mail could not be sent (logged): the admin is told to send the invitation again. */
async function mailInvitation(deps: UsersDeps, email: string, firstName: string, token: string) {
  const link = buildUrl('cms.renewPassword', { token }, { base: deps.config.publicUrl });
  try {
    await deps.mailer.send({
      to: email,
      subject: 'Pozvánka do Klubovny',
      text: [
        `Dobrý den${firstName ? `, ${firstName}` : ''},`,
        '',
        'byl vám založen účet v Klubovně, administraci našeho klubu.',
        `Heslo si nastavíte na této adrese (platí ${INVITATION_TTL_DAYS} dní a jen jednou):`,
        link,
        '',
        `Pak se přihlásíte svým e-mailem ${email} a tímto heslem.`,
      ].join('\n'),
      links: [link],
    });
    return true;
  } catch (error) {
    deps.log.error({ err: error }, 'invitation mail could not be sent');
    return false;
  }
}

/** Mails a new invitation link to a user who has not set a password yet; older links stop working. */
export async function reinviteUser(deps: UsersDeps, actor: Actor, id: number) {
  const target = await getUser(deps, id);
  assertMayManage(actor, target);
  if (target.invitation === 'none')
    throw new AppError('ALREADY_ACCEPTED', 400, 'Uživatel už má heslo, pozvánku není třeba posílat.');
  const token = randomToken();
  await deps.db.transaction().execute((trx) => storeInvitation(trx, id, token, new Date(), actor.id));
  const invitationSent = await mailInvitation(deps, target.email, target.firstName, token);
  return { user: await getUser(deps, id), invitationSent };
}

/** An admin sets another user's password; that user's sessions end. One's own goes through the profile. */
export async function setPassword(deps: UsersDeps, actor: Actor, id: number, password: string) {
  const row = await findUserById(deps.db, id);
  if (!row) throw notFound('Takový uživatel neexistuje.');
  assertMayManage(actor, { roles: parseRoles(row.roles) });
  assertNotSelf(actor, id, 'Vlastní heslo změníte v profilu, se zadáním současného hesla.');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, id, passwordHash, nowIso());
    await deleteUserSessions(trx, id);
  });
}
