import { API_PATHS } from '@klubovna/shared';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { engineContext } from '../../engine/engine.routes.ts';
import { recordAnswer } from '../../engine/entity-openapi.ts';
import { createRecord, deleteRecords, updateRecord } from '../../engine/records/record-writes.service.ts';
import { entityFor, getRecord } from '../../engine/records/records.service.ts';
import { dataOf, errorAnswers, nothingAnswer } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';

const idParams = z.object({ id: recordIdText });
const READ = { access: { area: 'content', access: 'read' } } as const;
const WRITE = { access: { area: 'content', access: 'write' } } as const;
/** The article record, as the generic form serves it. */
const articleAnswer = dataOf(recordAnswer('article'));

/**
 * The spec's content calls: the article record by id, read, created, saved and deleted through the
 * engine (validation, slug, sanitised HTML, version, audit), the same record the generic form serves.
 */
export async function contentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const article = (request: Parameters<typeof engineContext>[1], access: 'read' | 'write') => {
    const ctx = engineContext(app, request);
    return { ctx, entity: entityFor(ctx, 'article', access) };
  };

  app.get(
    API_PATHS.content,
    { schema: { params: idParams, response: { 200: articleAnswer } }, config: READ },
    async (request) => {
      const { ctx, entity } = article(request, 'read');
      return { data: await getRecord(ctx, entity, request.params.id) };
    },
  );

  app.post(
    API_PATHS.contentCreate,
    { schema: { response: { 201: articleAnswer } }, config: WRITE },
    async (request, reply) => {
      const { ctx, entity } = article(request, 'write');
      return reply.status(201).send({ data: await createRecord(ctx, entity, request.body) });
    },
  );

  app.put(
    API_PATHS.content,
    { schema: { params: idParams, response: { 200: articleAnswer, ...errorAnswers(409) } }, config: WRITE },
    async (request) => {
      const { ctx, entity } = article(request, 'write');
      return { data: await updateRecord(ctx, entity, request.params.id, request.body) };
    },
  );

  app.delete(
    API_PATHS.content,
    { schema: { params: idParams, response: { 200: nothingAnswer } }, config: WRITE },
    async (request) => {
      const { ctx, entity } = article(request, 'write');
      await deleteRecords(ctx, entity, [request.params.id]);
      return { data: null };
    },
  );
}
