import { buildUrl } from '@klubovna/shared';
import { AppError } from '../../errors/app-error.ts';
import type { AuthDeps } from './auth-deps.ts';
import { deleteEmailChange, findUsableEmailChange, replaceEmailChange } from './email-changes.repository.ts';
import { randomToken, sha256 } from './secrets.ts';
import { findUserByEmailIgnoringCase, findUserById, updateProfile } from './users.repository.ts';

export const EMAIL_CHANGE_TTL_HOURS = 24;

export const emailTaken = () =>
  new AppError('VALIDATION_FAILED', 400, 'Tento e-mail už používá jiný uživatel.', {
    validationErrors: [{ path: 'email', message: 'Tento e-mail už používá jiný uživatel.' }],
  });

/**
 * Mails a confirmation link to the new address; the e-mail changes only when it is opened, so nobody
 * can move an account to an address they cannot read. A mail failure is a 502: nothing was sent.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  userId: number,
  firstName: string,
  newEmail: string,
) {
  const token = randomToken();
  const now = new Date();
  await replaceEmailChange(deps.db, {
    userId,
    newEmail,
    tokenHash: sha256(token),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000).toISOString(),
  });
  const link = buildUrl('cms.confirmEmail', { token }, { base: deps.config.publicUrl });
  try {
    await deps.mailer.send({
      to: newEmail,
      subject: 'Potvrzení nového e-mailu v Klubovně',
      text: [
        `Dobrý den${firstName ? `, ${firstName}` : ''},`,
        '',
        'v Klubovně jste požádali o změnu e-mailu pro přihlášení na tuto adresu.',
        `Změnu potvrdíte na této adrese (platí ${EMAIL_CHANGE_TTL_HOURS} hodin a jen jednou):`,
        link,
        '',
        'Pokud jste o změnu nežádali, tento e-mail ignorujte; nic se nezmění.',
      ].join('\n'),
      links: [link],
    });
  } catch (error) {
    deps.log.error({ err: error }, 'e-mail change confirmation could not be sent');
    throw new AppError(
      'MAIL_FAILED',
      502,
      'Potvrzovací e-mail se nepodařilo odeslat. Zkuste to prosím později.',
    );
  }
}

/** Applies a confirmed e-mail change; the link works once, within its time, while the address is free. */
export async function confirmEmailChange(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const now = new Date().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const change = await findUsableEmailChange(trx, sha256(token), now);
    if (!change || !(await deleteEmailChange(trx, change.id)))
      throw new AppError('INVALID_TOKEN', 400, 'Odkaz pro potvrzení e-mailu je neplatný nebo vypršel.');
    if (await findUserByEmailIgnoringCase(trx, change.new_email, change.user_id)) throw emailTaken();
    const user = await findUserById(trx, change.user_id);
    if (!user)
      throw new AppError('INVALID_TOKEN', 400, 'Odkaz pro potvrzení e-mailu je neplatný nebo vypršel.');
    const names = { firstName: user.first_name, lastName: user.last_name };
    await updateProfile(trx, change.user_id, { ...names, email: change.new_email }, undefined, now);
    return { email: change.new_email };
  });
}
