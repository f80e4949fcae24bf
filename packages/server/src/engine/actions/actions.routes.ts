import { API_PATHS } from '@klubovna/shared';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dataOf, errorAnswers } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { engineContext } from '../engine.routes.ts';
import { FileAnswer, sendFile } from '../export/file-answer.ts';
import { runAction } from './actions.service.ts';

const idParams = z.object({ id: recordIdText });

/** One route per action every declared entity has, with the access its declaration asks for. */
export async function actionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const entity of app.entities.values()) {
    const { alias, area } = entity.declaration;
    for (const [name, action] of Object.entries(entity.declaration.actions ?? {})) {
      const method = action.method ?? 'POST';
      const url = (action.path ?? API_PATHS.action).replace(':alias', alias).replace(':action', name);
      const withId = url.includes(':id');
      app.route({
        method,
        url,
        schema: {
          ...(withId ? { params: idParams } : {}),
          ...(method === 'GET' ? { querystring: action.input } : { body: action.input }),
          response: {
            ...(action.output ? { 200: dataOf(action.output) } : {}),
            ...errorAnswers(...(action.refusals ?? [])),
          },
          ...(action.produces ? { produces: action.produces } : {}),
          description: action.label,
        },
        config: { access: { area, access: action.access ?? 'write' } },
        handler: async (request, reply) => {
          const input = method === 'GET' ? request.query : request.body;
          const id = withId ? (request.params as { id: number }).id : undefined;
          const result = await runAction(engineContext(app, request), entity, name, action, input, id);
          return result instanceof FileAnswer ? sendFile(reply, result) : { data: result };
        },
      });
    }
  }
}
