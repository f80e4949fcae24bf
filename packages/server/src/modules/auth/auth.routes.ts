import { API_PATHS } from '@klubovna/shared';
import { recordVersionSchema } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../errors/app-error.ts';
import { dataOf, errorAnswers, nothingAnswer } from '../../http/api-answers.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import {
  accountActivityAnswer,
  confirmedEmailAnswer,
  loginAnswer,
  recoveryCodesAnswer,
  savedProfileAnswer,
  securityPolicyAnswer,
  twoFactorSetupAnswer,
  userAnswer,
} from './auth.answers.ts';
import { sessionCookieOptions } from './auth.plugin.ts';
import {
  type AuthDeps,
  accountActivity,
  changeOwnPassword,
  checkPasswordToken,
  endOtherSessions,
  login,
  recoverPassword,
  requestPasswordRenewal,
  updateOwnProfile,
} from './auth.service.ts';
import { confirmEmailChange } from './email-change.service.ts';
import { emailSchema, passwordSchema } from './secrets.ts';
import { deleteSession } from './sessions.repository.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  readSecurityPolicy,
  saveSecurityPolicy,
  startTwoFactorSetup,
} from './two-factor.service.ts';

const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Zadejte heslo.').max(1024),
  /** The code from the authenticator app or a recovery code, when two-factor sign-in is on. */
  code: z.string().trim().min(1, 'Zadejte kód.').max(20).optional(),
});
const forgottenBody = z.object({ email: emailSchema, cms: z.boolean().default(true) });
const recoveryBody = z.object({ token: z.string().min(1).max(200), password: passwordSchema });
const tokenBody = z.object({ token: z.string().min(1).max(200) });
const confirmEmailBody = tokenBody;
const twoFactorCodeBody = z.object({ code: z.string().trim().min(1, 'Zadejte kód z aplikace.').max(20) });
const twoFactorDisableBody = z.object({ password: z.string().min(1, 'Zadejte současné heslo.').max(1024) });
const securityPolicyBody = z.strictObject({ twoFactorForAdmins: z.boolean() });
const profileBody = z.object({
  email: emailSchema,
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  version: recordVersionSchema.optional(),
});
const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Zadejte současné heslo.').max(1024),
  newPassword: passwordSchema,
});

const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

function signedInUser(request: FastifyRequest) {
  if (!request.user || !request.sessionHash) throw unauthorized();
  return { user: request.user, sessionHash: request.sessionHash };
}

/** Sign-in, sign-out, password renewal and the signed-in user's own account. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: AuthDeps = { db: app.db, config: app.config, mailer: app.mailer, log: app.log };

  app.post(
    API_PATHS.login,
    {
      schema: { body: loginBody, response: { 200: loginAnswer, ...errorAnswers(401, 429) } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const result = await login(
        deps,
        request.body.email,
        request.body.password,
        clientInfo(request),
        request.body.code,
      );
      if ('twoFactorRequired' in result) return { data: { twoFactorRequired: true as const } };
      if (request.sessionHash) await deleteSession(app.db, request.sessionHash);
      reply.setCookie(SESSION_COOKIE, result.cookieValue, {
        ...sessionCookieOptions(app.config),
        maxAge: app.config.sessionMaxAgeSeconds,
      });
      return { data: { user: result.user } };
    },
  );

  app.post(
    API_PATHS.logout,
    { schema: { response: { 200: nothingAnswer } }, config: { access: 'public' } },
    async (request, reply) => {
      if (request.sessionHash) await deleteSession(app.db, request.sessionHash);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app.config));
      return { data: null };
    },
  );

  app.post(
    API_PATHS.forgottenPassword,
    {
      schema: {
        body: forgottenBody,
        response: { 200: dataOf(z.object({ sent: z.boolean() })), ...errorAnswers(429) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await requestPasswordRenewal(deps, request.body.email, request.body.cms, clientInfo(request));
      return { data: { sent: true } };
    },
  );

  app.post(
    API_PATHS.passwordTokenCheck,
    {
      schema: {
        body: tokenBody,
        response: { 200: dataOf(z.object({ valid: z.boolean() })), ...errorAnswers(429) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await checkPasswordToken(deps, request.body.token, clientInfo(request));
      return { data: { valid: true } };
    },
  );

  app.post(
    API_PATHS.passwordRecovery,
    { schema: { body: recoveryBody, response: { 200: nothingAnswer } }, config: { access: 'public' } },
    async (request) => {
      await recoverPassword(deps, request.body.token, request.body.password);
      return { data: null };
    },
  );

  app.post(
    API_PATHS.confirmEmail,
    {
      schema: { body: confirmEmailBody, response: { 200: confirmedEmailAnswer } },
      config: { access: 'public' },
    },
    async (request) => ({ data: await confirmEmailChange(deps, request.body.token) }),
  );

  const currentUser = { response: { 200: dataOf(z.object({ user: userAnswer })) } };
  app.get(API_PATHS.currentUser, { schema: currentUser, config: { access: 'session' } }, async (request) => ({
    data: { user: signedInUser(request).user },
  }));

  const ownProfile = { response: { 200: dataOf(userAnswer) } };
  app.get(API_PATHS.ownProfile, { schema: ownProfile, config: { access: 'session' } }, async (request) => ({
    data: signedInUser(request).user,
  }));

  app.post(
    API_PATHS.twoFactorSetup,
    { schema: { response: { 200: twoFactorSetupAnswer } }, config: { access: 'session' } },
    async (request) => ({ data: await startTwoFactorSetup(deps, signedInUser(request).user) }),
  );

  app.post(
    API_PATHS.twoFactorEnable,
    {
      schema: { body: twoFactorCodeBody, response: { 200: recoveryCodesAnswer } },
      config: { access: 'session' },
    },
    async (request) => ({
      data: { recoveryCodes: await enableTwoFactor(deps, signedInUser(request).user.id, request.body.code) },
    }),
  );

  app.post(
    API_PATHS.twoFactorDisable,
    {
      schema: { body: twoFactorDisableBody, response: { 200: nothingAnswer } },
      config: { access: { area: 'self', access: 'write' } },
    },
    async (request) => {
      const { user } = signedInUser(request);
      await disableTwoFactor(deps, user.id, user.roles, request.body.password);
      return { data: null };
    },
  );

  app.get(
    API_PATHS.securityPolicy,
    {
      schema: { response: { 200: securityPolicyAnswer } },
      config: { access: { area: 'users', access: 'read' } },
    },
    async () => ({ data: await readSecurityPolicy(app.db) }),
  );

  app.put(
    API_PATHS.securityPolicy,
    {
      schema: { body: securityPolicyBody, response: { 200: securityPolicyAnswer } },
      config: { access: { area: 'rootUsers', access: 'write' } },
    },
    async (request) => ({
      data: await saveSecurityPolicy(app.db, signedInUser(request).user, request.body),
    }),
  );

  app.put(
    API_PATHS.ownProfile,
    {
      schema: { body: profileBody, response: { 200: savedProfileAnswer } },
      config: { access: { area: 'self', access: 'write' } },
    },
    async (request) => ({ data: await updateOwnProfile(deps, signedInUser(request).user.id, request.body) }),
  );

  const activity = { response: { 200: accountActivityAnswer } };
  app.get(API_PATHS.ownActivity, { schema: activity, config: { access: 'session' } }, async (request) => {
    const { user, sessionHash } = signedInUser(request);
    return { data: await accountActivity(deps, user.id, sessionHash) };
  });

  app.post(
    API_PATHS.endOtherSessions,
    { schema: { response: { 200: nothingAnswer } }, config: { access: { area: 'self', access: 'write' } } },
    async (request) => {
      const { user, sessionHash } = signedInUser(request);
      await endOtherSessions(deps, user.id, sessionHash);
      return { data: null };
    },
  );

  app.post(
    API_PATHS.ownPassword,
    {
      schema: { body: changePasswordBody, response: { 200: nothingAnswer } },
      config: { access: { area: 'self', access: 'write' } },
    },
    async (request) => {
      const { user, sessionHash } = signedInUser(request);
      await changeOwnPassword(
        deps,
        user.id,
        sessionHash,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { data: null };
    },
  );
}
