import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type Role,
  type SecurityPolicy,
  type TwoFactorSetup,
  type UserDto,
} from '@klubovna/shared';
import { Secret, TOTP } from 'otpauth';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../errors/app-error.ts';
import { clearAttempts, recordAttempt } from './auth-attempts.repository.ts';
import type { AuthDeps } from './auth-deps.ts';
import { accountSubject, assertWithinLimits, ipSubject } from './rate-limits.ts';
import { sha256, verifyPassword } from './secrets.ts';
import type { UserRow } from './users.repository.ts';

const ISSUER = 'Klubovna';
/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 seconds. */
const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });

/** Roles a root may require two-factor sign-in of. */
const GUARDED_ROLES: readonly Role[] = ['ROLE_ROOT', 'ROLE_ADMIN'];
/** The app_settings key of the security policy (two-factor sign-in required of admins: 'true'). */
export const SECURITY_POLICY_KEY = 'security.twoFactorForAdmins';

const invalidCode = () =>
  new AppError('INVALID_TWO_FACTOR_CODE', 401, 'Kód není správný nebo už byl použit. Zkuste to znovu.');

/** Recovery codes as people copy them: `7kq2-m9xd`, from letters and digits that cannot be confused. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function recoveryCode(): string {
  const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}
const normalizeCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** A new secret for the authenticator app, kept until the first code turns two-factor sign-in on. */
export async function startTwoFactorSetup(
  deps: AuthDeps,
  user: { id: number; email: string },
): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const result = await deps.db
    .updateTable('users')
    .set({ totp_secret: secret })
    .where('id', '=', user.id)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new AppError('TWO_FACTOR_ALREADY_ON', 400, 'Dvoufázové přihlášení už máte zapnuté.');
  const uri = totpOf(secret, user.email).toString();
  // qrcode (fifty modules) is loaded at the first setup, not at start.
  const { default: QRCode } = await import('qrcode');
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(uri, { type: 'svg', margin: 2 })).toString('base64')}`;
  return { secret, uri, qrCode };
}

/** The time step of a valid code not used before; null otherwise. */
function acceptedStep(
  row: Pick<UserRow, 'totp_secret' | 'totp_last_step' | 'email'>,
  code: string,
  now: number,
) {
  if (!row.totp_secret || !/^\d{6}$/.test(code)) return null;
  const delta = totpOf(row.totp_secret, row.email).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 30_000) + delta;
  return row.totp_last_step !== null && step <= Number(row.totp_last_step) ? null : step;
}

/** Turns two-factor sign-in on with the first code from the app; answers ten recovery codes, shown once. */
export async function enableTwoFactor(deps: AuthDeps, userId: number, code: string): Promise<string[]> {
  const now = new Date();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    if (row.totp_enabled_at)
      throw new AppError('TWO_FACTOR_ALREADY_ON', 400, 'Dvoufázové přihlášení už máte zapnuté.');
    const step = acceptedStep(row, normalizeCode(code), now.getTime());
    if (step === null)
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        'Kód z aplikace nesouhlasí. Zkontrolujte čas v telefonu a zkuste nový kód.',
        {
          validationErrors: [{ path: 'code', message: 'Kód z aplikace nesouhlasí.' }],
        },
      );
    await trx
      .updateTable('users')
      .set({ totp_enabled_at: now.toISOString(), totp_last_step: step })
      .where('id', '=', userId)
      .execute();
    return replaceRecoveryCodes(trx, userId);
  });
}

async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(code), used_at: null })))
    .execute();
  return codes;
}

/** Turns it off with the current password, unless a root requires it of the user's role. */
export async function disableTwoFactor(
  deps: AuthDeps,
  userId: number,
  roles: readonly Role[],
  password: string,
) {
  const row = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, password)))
    throw new AppError('WRONG_CURRENT_PASSWORD', 400, undefined, {
      validationErrors: [{ path: 'password', message: 'Současné heslo není správné.' }],
    });
  if (await mustUseTwoFactor(deps.db, roles))
    throw new AppError(
      'FORBIDDEN',
      403,
      'Hlavní správce vyžaduje pro vaši roli dvoufázové přihlášení; vypnout ho nelze.',
    );
  await deps.db.transaction().execute((trx) => clearTwoFactor(trx, userId));
}

/** Two-factor sign-in off: no secret, no recovery codes. */
export async function clearTwoFactor(db: Executor, userId: number) {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * The second step of signing in: a code from the app (each time step once) or an unused recovery
 * code. Wrong codes count against the same kind of limits as passwords.
 */
export async function verifySignInCode(deps: AuthDeps, row: UserRow, code: string, ip: string, now: Date) {
  await assertWithinLimits(deps.db, 'two-factor', row.email, ip, now);
  const typed = normalizeCode(code);
  const accepted = await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const step = acceptedStep(current, typed, now.getTime());
    if (step !== null) {
      const result = await trx
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    }
    const used = await trx
      .updateTable('recovery_codes')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', row.id)
      .where('code_hash', '=', sha256(typed))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  });
  if (!accepted) {
    await recordAttempt(deps.db, 'two-factor', [accountSubject(row.email), ipSubject(ip)], now.toISOString());
    throw invalidCode();
  }
  await clearAttempts(deps.db, 'two-factor', accountSubject(row.email));
}

export async function readSecurityPolicy(db: Executor): Promise<SecurityPolicy> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SECURITY_POLICY_KEY)
    .executeTakeFirst();
  return { twoFactorForAdmins: row?.value === 'true' };
}

/** A root turns the requirement on only once they sign in with two factors themselves: no lock-out by surprise. */
export async function saveSecurityPolicy(
  db: Executor,
  actor: { twoFactor?: boolean | undefined },
  policy: SecurityPolicy,
): Promise<SecurityPolicy> {
  if (policy.twoFactorForAdmins && !actor.twoFactor)
    throw new AppError(
      'TWO_FACTOR_REQUIRED_FIRST',
      400,
      'Než dvoufázové přihlášení vyžádáte od ostatních, zapněte si ho ve svém profilu sami.',
    );
  const values = {
    key: SECURITY_POLICY_KEY,
    value: String(policy.twoFactorForAdmins),
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('app_settings')
    .values(values)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: values.value, updated_at: values.updated_at }))
    .execute();
  return readSecurityPolicy(db);
}

/**
 * The user as they are owed: with `twoFactorSetupRequired` when the stored policy (`policyValue`, the
 * app_settings value) requires two-factor sign-in of their roles and they have not turned it on.
 */
export function withTwoFactorDutyOf<U extends UserDto>(user: U, policyValue: string | null | undefined): U {
  const owed =
    !user.twoFactor && policyValue === 'true' && user.roles.some((role) => GUARDED_ROLES.includes(role));
  return owed ? { ...user, twoFactorSetupRequired: true } : user;
}

/**
 * Whether a root requires two-factor sign-in of someone with these roles. Read afresh: a signed-in
 * request learns it with its session instead (findLiveSession), sign-in and turning it off ask here.
 */
export async function mustUseTwoFactor(db: Executor, roles: readonly Role[]): Promise<boolean> {
  if (!roles.some((role) => GUARDED_ROLES.includes(role))) return false;
  return (await readSecurityPolicy(db)).twoFactorForAdmins;
}
