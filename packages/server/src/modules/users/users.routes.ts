import { API_PATHS, ROLES } from '@klubovna/shared';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../errors/app-error.ts';
import { nothingAnswer } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { emailSchema, passwordSchema } from '../auth/index.ts';
import { createdUserAnswer, invitedUserAnswer } from './users.answers.ts';
import type { Actor } from './users.rules.ts';
import { createUser, reinviteUser, setPassword, type UsersDeps } from './users.service.ts';

const nameSchema = (missing: string) => z.string().trim().min(1, missing).max(100);
const rolesSchema = z
  .array(z.enum(ROLES, { message: 'Neznámá role.' }))
  .min(1, 'Vyberte aspoň jednu roli.')
  .max(ROLES.length)
  .transform((roles) => [...new Set(roles)]);
/** Strict: a field nobody declared (a password where none belongs, say) is a 400, never stored. */
const userFields = {
  email: emailSchema,
  firstName: nameSchema('Vyplňte jméno.'),
  lastName: nameSchema('Vyplňte příjmení.'),
  roles: rolesSchema,
};
const createBody = z.strictObject({
  ...userFields,
  password: passwordSchema,
  active: z.boolean().default(true),
});
const inviteBody = z.strictObject(userFields);
const passwordBody = z.strictObject({ password: passwordSchema });
const userParams = z.object({ userId: recordIdText });
function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return request.user;
}

const write = { access: { area: 'users', access: 'write' } } as const;

/** CMS users: the list, creation with a password or an invitation, edits, activation and passwords. */
export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: UsersDeps = { db: app.db, config: app.config, mailer: app.mailer, log: app.log };

  app.post(
    API_PATHS.createUser,
    { schema: { body: createBody, response: { 201: createdUserAnswer } }, config: write },
    async (request, reply) => {
      const { user } = await createUser(deps, actorOf(request), request.body, false);
      return reply.status(201).send({ data: user });
    },
  );

  app.post(
    API_PATHS.createInvitedUser,
    { schema: { body: inviteBody, response: { 201: invitedUserAnswer } }, config: write },
    async (request, reply) => {
      const created = await createUser(deps, actorOf(request), { ...request.body, active: true }, true);
      return reply.status(201).send({ data: created });
    },
  );

  app.post(
    API_PATHS.inviteUser,
    { schema: { params: userParams, response: { 200: invitedUserAnswer } }, config: write },
    async (request) => ({
      data: await reinviteUser(deps, actorOf(request), request.params.userId),
    }),
  );

  app.post(
    API_PATHS.userPassword,
    { schema: { params: userParams, body: passwordBody, response: { 200: nothingAnswer } }, config: write },
    async (request) => {
      await setPassword(deps, actorOf(request), request.params.userId, request.body.password);
      return { data: null };
    },
  );
}
