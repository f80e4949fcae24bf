import { type AccountActivity, buildUrl, findRoute, type RouteName, type UserDto } from '@klubovna/shared';
import { AppError, unauthorized } from '../../errors/app-error.ts';
import { clearAttempts, recordAttempt } from './auth-attempts.repository.ts';
import type { AuthDeps } from './auth-deps.ts';
import { emailTaken, requestEmailChange } from './email-change.service.ts';
import { consumeToken, findUsableToken, replaceToken } from './password-tokens.repository.ts';
import { accountSubject, assertWithinLimits, ipSubject } from './rate-limits.ts';
import {
  burnPasswordCheck,
  hashPassword,
  needsRehash,
  randomToken,
  sha256,
  verifyPassword,
} from './secrets.ts';
import { deleteUserSessions, insertSession, liveUserSessions } from './sessions.repository.ts';
import { recentSignIns, recordSignIn } from './sign-ins.repository.ts';
import { readSecurityPolicy, verifySignInCode, withTwoFactorDutyOf } from './two-factor.service.ts';
import { describeDevice } from './user-agent.ts';
import {
  findUserByEmail,
  findUserByEmailIgnoringCase,
  findUserById,
  replacePasswordHash,
  toUserDto,
  updatePasswordHash,
  updateProfile,
} from './users.repository.ts';

export type { AuthDeps } from './auth-deps.ts';

export const PASSWORD_TOKEN_TTL_MS = 60 * 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** The user with `twoFactorSetupRequired` when a root requires two-factor sign-in they have not turned on. */
async function withTwoFactorDuty<U extends UserDto>(deps: Pick<AuthDeps, 'db'>, user: U): Promise<U> {
  const policy = await readSecurityPolicy(deps.db);
  return withTwoFactorDutyOf(user, String(policy.twoFactorForAdmins));
}

export interface NewSessionResult {
  cookieValue: string;
  user: UserDto;
}

async function startSession(deps: AuthDeps, userId: number, client: ClientInfo, now: Date): Promise<string> {
  const cookieValue = randomToken();
  await insertSession(deps.db, {
    idHash: sha256(cookieValue),
    userId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.config.sessionMaxAgeSeconds * 1000).toISOString(),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  return cookieValue;
}

/**
 * Signs in with the password, and with a code from the authenticator app (or a recovery code) when
 * two-factor sign-in is on: without `code` such a user gets `twoFactorRequired` and no session.
 */
export async function login(
  deps: AuthDeps,
  email: string,
  password: string,
  client: ClientInfo,
  code?: string,
): Promise<NewSessionResult | { twoFactorRequired: true }> {
  const now = new Date();
  await assertWithinLimits(deps.db, 'login', email, client.ip, now);
  const user = await findUserByEmail(deps.db, email);
  if (!user) await burnPasswordCheck(password);
  const valid = user ? await verifyPassword(user.password_hash, password) : false;
  if (!user || !valid || !user.active) {
    await recordAttempt(deps.db, 'login', [accountSubject(email), ipSubject(client.ip)], now.toISOString());
    throw unauthorized('INVALID_CREDENTIALS');
  }
  await clearAttempts(deps.db, 'login', accountSubject(email));
  if (user.totp_enabled_at) {
    if (code === undefined) return { twoFactorRequired: true };
    await verifySignInCode(deps, user, code, client.ip, now);
  }
  await recordSignIn(deps.db, user.id, now.toISOString(), client);
  if (user.password_hash && (await needsRehash(user.password_hash))) {
    await replacePasswordHash(deps.db, user.id, user.password_hash, await hashPassword(password));
  }
  const cookieValue = await startSession(deps, user.id, client, now);
  return { cookieValue, user: await withTwoFactorDuty(deps, toUserDto(user)) };
}

/** Same answer whatever the e-mail; only an existing active user gets a mail. */
export async function requestPasswordRenewal(
  deps: AuthDeps,
  email: string,
  cms: boolean,
  client: ClientInfo,
) {
  const now = new Date();
  await assertWithinLimits(deps.db, 'forgotten-password', email, client.ip, now);
  await recordAttempt(
    deps.db,
    'forgotten-password',
    [accountSubject(email), ipSubject(client.ip)],
    now.toISOString(),
  );
  const user = await findUserByEmail(deps.db, email);
  if (!user?.active) return;
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS).toISOString();
  await deps.db
    .transaction()
    .execute((trx) => replaceToken(trx, user.id, sha256(token), now.toISOString(), expiresAt));
  const link = buildUrl(renewalRoute(cms), { token }, { base: deps.config.publicUrl });
  await sendRenewalMail(deps, user.email, user.first_name, link);
}

/** A mail failure is logged, not answered: the answer must not differ for existing accounts. */
async function sendRenewalMail(deps: AuthDeps, email: string, firstName: string, link: string) {
  await deps.mailer
    .send({
      to: email,
      subject: 'Obnova hesla do Klubovny',
      text: [
        `Dobrý den${firstName ? `, ${firstName}` : ''},`,
        '',
        'někdo (snad vy) požádal o obnovu hesla k vašemu účtu v Klubovně.',
        `Nové heslo si nastavíte na této adrese (platí 1 hodinu a jen jednou):`,
        link,
        '',
        'Pokud jste o obnovu nežádali, tento e-mail ignorujte; vaše heslo zůstává beze změny.',
      ].join('\n'),
      links: [link],
    })
    .catch((error: unknown) => deps.log.error({ err: error }, 'password renewal mail could not be sent'));
}

/** The public site's renewal page until it exists is the back office's, so every mailed link works. */
function renewalRoute(cms: boolean): RouteName {
  return !cms && findRoute('public.renewPassword')?.active ? 'public.renewPassword' : 'cms.renewPassword';
}

/**
 * Whether a mailed link (a renewal or an invitation) can still set a password, without using it, so
 * the page says a dead link is dead on opening it. An unknown, used or expired token gets the same
 * INVALID_TOKEN answer as setting a password with it would.
 */
export async function checkPasswordToken(deps: AuthDeps, token: string, client: ClientInfo): Promise<void> {
  const now = new Date();
  await assertWithinLimits(deps.db, 'password-token-check', null, client.ip, now);
  await recordAttempt(deps.db, 'password-token-check', [ipSubject(client.ip)], now.toISOString());
  if (!(await findUsableToken(deps.db, sha256(token), now.toISOString())))
    throw new AppError('INVALID_TOKEN', 400);
}

export async function recoverPassword(deps: AuthDeps, token: string, password: string): Promise<void> {
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    const stored = await findUsableToken(trx, sha256(token), now);
    if (!stored || !(await consumeToken(trx, stored.id, now))) throw new AppError('INVALID_TOKEN', 400);
    await updatePasswordHash(trx, stored.user_id, passwordHash, now);
    await deleteUserSessions(trx, stored.user_id);
  });
}

export async function changeOwnPassword(
  deps: AuthDeps,
  userId: number,
  currentSessionHash: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user || !(await verifyPassword(user.password_hash, currentPassword))) {
    throw new AppError('WRONG_CURRENT_PASSWORD', 400, undefined, {
      validationErrors: [{ path: 'currentPassword', message: 'Současné heslo není správné.' }],
    });
  }
  const passwordHash = await hashPassword(newPassword);
  const now = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, userId, passwordHash, now);
    await deleteUserSessions(trx, userId, currentSessionHash);
  });
}

/**
 * Saves the own names at once; a new e-mail waits for the link mailed to it (`pendingEmail`).
 */
export async function updateOwnProfile(
  deps: AuthDeps,
  userId: number,
  changes: { email: string; firstName: string; lastName: string; version?: number | undefined },
): Promise<UserDto & { twoFactor: boolean; version: number; pendingEmail?: string }> {
  const current = await findUserById(deps.db, userId);
  if (!current) throw unauthorized();
  const emailChanges = current.email.toLowerCase() !== changes.email.toLowerCase();
  if (emailChanges && (await findUserByEmailIgnoringCase(deps.db, changes.email, userId))) throw emailTaken();
  const updated = await updateProfile(
    deps.db,
    userId,
    { ...changes, email: current.email },
    changes.version,
    new Date().toISOString(),
  );
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  if (!updated) throw new AppError('CONFLICT', 409, undefined, { details: { current: toUserDto(user) } });
  if (!emailChanges) return toUserDto(user);
  await requestEmailChange(deps, userId, user.first_name, changes.email);
  return { ...toUserDto(user), pendingEmail: changes.email };
}

/** The user's recent sign-ins and open sessions, the current one marked; no session hash leaves the server. */
export async function accountActivity(
  deps: AuthDeps,
  userId: number,
  currentSessionHash: string,
): Promise<AccountActivity> {
  const now = Date.now();
  const idleSince = new Date(now - deps.config.sessionTtlSeconds * 1000).toISOString();
  const [signIns, sessions] = await Promise.all([
    recentSignIns(deps.db, userId),
    liveUserSessions(deps.db, userId, new Date(now).toISOString(), idleSince),
  ]);
  return {
    signIns: signIns.map((row) => ({
      at: row.created_at,
      ip: row.ip,
      device: describeDevice(row.user_agent),
    })),
    sessions: sessions.map((row) => ({
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      ip: row.ip,
      device: describeDevice(row.user_agent),
      current: row.id_hash === currentSessionHash,
    })),
  };
}

/** Signs the user out everywhere but here. */
export async function endOtherSessions(deps: AuthDeps, userId: number, currentSessionHash: string) {
  await deleteUserSessions(deps.db, userId, currentSessionHash);
}
