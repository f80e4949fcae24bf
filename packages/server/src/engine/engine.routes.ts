import { can, EXPORT_FORMATS } from '@klubovna/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, unauthorized } from '../errors/app-error.ts';
import type { ZodTypeProvider } from '../http/zod-type-provider.ts';
import { parseDatagridQuery } from './datagrid-query.ts';
import {
  columnOptions,
  createRecord,
  deleteRecords,
  type EngineContext,
  entityFor,
  getRecord,
  listRecords,
  relatedOptions,
  updateRecord,
} from './engine.service.ts';
import { exportBatches, exportColumns, pragueToday } from './export-columns.ts';
import { streamCsv } from './export-csv.ts';
import { streamXlsx, XLSX_CONTENT_TYPE } from './export-xlsx.ts';
import { datagridSchema, entityMeta, formSchema } from './schema-json.ts';

const aliasParams = z.object({ alias: z.string().max(60) });
const nameParams = z.object({ name: z.string().max(60) });
/** Ids are 32-bit integers on PostgreSQL; a larger one must be refused before it reaches a query. */
const recordId = z.number().int().positive().max(2_147_483_647);
const recordParams = z.object({ alias: z.string().max(60), id: z.coerce.number().pipe(recordId) });
const columnParams = z.object({ name: z.string().max(60), column: z.string().max(60) });
const bulkDeleteBody = z.object({ ids: z.array(recordId).min(1).max(1000) });
const searchQuery = z.object({
  s: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** Access is checked per entity in the handlers (the alias decides the area), so routes need a session. */
const SESSION = { access: 'session' } as const;

function context(app: FastifyInstance, request: FastifyRequest): EngineContext {
  if (!request.user) throw unauthorized();
  return {
    db: app.db,
    engine: app.engine,
    userId: request.user.id,
    roles: request.user.roles,
    entities: app.entities,
  };
}

const rawQuery = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '');

/** Tables, datagrids, forms and relation pickers of every declared entity. */
export async function engineRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/cms/tables', { config: SESSION }, async (request) => {
    const { roles } = context(app, request);
    const readable = [...app.entities.values()].filter((entity) =>
      can(roles, entity.declaration.area, 'read'),
    );
    return { data: readable.map((entity) => entityMeta(entity, roles)) };
  });

  app.get(
    '/api/cms/datagrid/schema/:name',
    { schema: { params: nameParams }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      return { data: datagridSchema(entityFor(ctx, request.params.name, 'read'), ctx.roles) };
    },
  );

  app.get('/api/cms/datagrid/:name', { schema: { params: nameParams }, config: SESSION }, async (request) => {
    const ctx = context(app, request);
    return {
      data: await listRecords(ctx, entityFor(ctx, request.params.name, 'read'), rawQuery(request)),
    };
  });

  app.get(
    '/api/cms/datagrid/autocomplete/:name/:column',
    { schema: { params: columnParams, querystring: searchQuery }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      const entity = entityFor(ctx, request.params.name, 'read');
      const { column } = request.params;
      return { data: await columnOptions(ctx, entity, column, request.query.s, request.query.limit) };
    },
  );

  app.get(
    '/api/cms/autocomplete/:alias',
    { schema: { params: aliasParams, querystring: searchQuery }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      const entity = entityFor(ctx, request.params.alias, 'read');
      return { data: await relatedOptions(ctx, entity, request.query.s, request.query.limit) };
    },
  );

  app.get(
    '/api/cms/datagrid/:name/export',
    { schema: { params: nameParams }, config: SESSION },
    async (request, reply) => {
      const ctx = context(app, request);
      const entity = entityFor(ctx, request.params.name, 'read');
      const search = rawQuery(request);
      const format = search.getAll('format').at(-1) ?? 'csv';
      if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
        throw new AppError('BAD_REQUEST', 400, `Neznámý formát exportu „${format}“. Zvolte csv nebo xlsx.`);
      }
      const query = parseDatagridQuery(entity, search);
      const fileName = `${entity.declaration.labels.plural}-${pragueToday()}.${format}`;
      reply.header(
        'content-disposition',
        `attachment; filename="export.${format}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      );
      const columns = exportColumns(entity);
      const batches = exportBatches(ctx, entity, query);
      if (format === 'xlsx') {
        return reply
          .type(XLSX_CONTENT_TYPE)
          .send(streamXlsx(entity.declaration.labels.plural, columns, batches));
      }
      return reply.type('text/csv; charset=utf-8').send(streamCsv(columns, batches));
    },
  );

  app.post(
    '/api/cms/datagrid/:name/delete',
    { schema: { params: nameParams, body: bulkDeleteBody }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      await deleteRecords(ctx, entityFor(ctx, request.params.name, 'write'), request.body.ids);
      return { data: { deleted: request.body.ids.length } };
    },
  );

  app.get(
    '/api/cms/form/:alias/schema',
    { schema: { params: aliasParams }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      return { data: formSchema(entityFor(ctx, request.params.alias, 'read'), ctx.roles) };
    },
  );

  app.get(
    '/api/cms/form/:alias/:id',
    { schema: { params: recordParams }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      return {
        data: await getRecord(ctx, entityFor(ctx, request.params.alias, 'read'), request.params.id),
      };
    },
  );

  app.post(
    '/api/cms/form/:alias',
    { schema: { params: aliasParams }, config: SESSION },
    async (request, reply) => {
      const ctx = context(app, request);
      const record = await createRecord(ctx, entityFor(ctx, request.params.alias, 'write'), request.body);
      return reply.status(201).send({ data: record });
    },
  );

  app.put(
    '/api/cms/form/:alias/:id',
    { schema: { params: recordParams }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      return {
        data: await updateRecord(
          ctx,
          entityFor(ctx, request.params.alias, 'write'),
          request.params.id,
          request.body,
        ),
      };
    },
  );

  app.delete(
    '/api/cms/form/:alias/:id',
    { schema: { params: recordParams }, config: SESSION },
    async (request) => {
      const ctx = context(app, request);
      await deleteRecords(ctx, entityFor(ctx, request.params.alias, 'write'), [request.params.id]);
      return { data: null };
    },
  );
}
