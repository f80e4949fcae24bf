import { API_PATHS } from '@klubovna/shared';
import { recordIdText, SEARCH_MAX_LENGTH } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { deletedAnswer, restoredAnswer, trashPageAnswer } from '../engine.answers.ts';
import { engineContext } from '../engine.routes.ts';
import { listTrash, purgeFromTrash, restoreFromTrash } from './trash.service.ts';

const trashQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  entity: z.string().max(60).optional(),
  s: z.string().max(SEARCH_MAX_LENGTH).default(''),
});
const trashParams = z.object({ id: recordIdText });

/** Access is checked per entity (its area) in the service, so the routes need a session. */
const SESSION = { access: 'session' } as const;

/** The trash (Koš): deleted records of every entity, to restore or delete for good. */
export async function trashRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API_PATHS.trash,
    { schema: { querystring: trashQuery, response: { 200: trashPageAnswer } }, config: SESSION },
    async (request) => ({
      data: await listTrash(engineContext(app, request), request.query, app.config.trashRetentionDays),
    }),
  );

  app.post(
    API_PATHS.trashRestore,
    { schema: { params: trashParams, response: { 200: restoredAnswer } }, config: SESSION },
    async (request) => ({
      data: await restoreFromTrash(engineContext(app, request), request.params.id),
    }),
  );

  app.delete(
    API_PATHS.trashEntry,
    { schema: { params: trashParams, response: { 200: deletedAnswer } }, config: SESSION },
    async (request) => {
      await purgeFromTrash(engineContext(app, request), request.params.id);
      return { data: { deleted: 1 } };
    },
  );
}
