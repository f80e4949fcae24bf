import { API_PATHS, can, EXPORT_FORMATS, type ExportFormat } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { recordIdSchema, recordIdText, SEARCH_MAX_LENGTH } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, unauthorized } from '../errors/app-error.ts';
import { dataOf, errorAnswers } from '../http/api-answers.ts';
import type { ZodTypeProvider } from '../http/zod-type-provider.ts';
import type { EntityRegistry } from './declaration/entity.types.ts';
import { datagridSchema, entityMeta, formSchema } from './declaration/schema-json.ts';
import {
  columnOptionsAnswer,
  datagridSchemaAnswer,
  deletedAnswer,
  formSchemaAnswer,
  historyAnswer,
  optionsAnswer,
  rowsAnswer,
  searchAnswer,
  storedRecord,
  tablesAnswer,
} from './engine.answers.ts';
import { exportBatches, exportColumns } from './export/export-columns.ts';
import { SPREADSHEET_TYPES, spreadsheetAnswer } from './export/export-file.ts';
import { sendFile } from './export/file-answer.ts';
import { recordHistory } from './history/history.service.ts';
import { columnOptions, listQueryOf, listRecords, pickerField, relatedOptions } from './list/list.service.ts';
import { searchRecords } from './list/record-search.service.ts';
import { createRecord, deleteRecords, updateRecord } from './records/record-writes.service.ts';
import {
  type EngineContext,
  entityFor,
  getRecord,
  readFormRecord,
  recordRevealed,
} from './records/records.service.ts';

const aliasParams = z.object({ alias: z.string().max(60) });
const nameParams = z.object({ name: z.string().max(60) });
const recordParams = z.object({ alias: z.string().max(60), id: recordIdText });
const columnParams = z.object({ name: z.string().max(60), column: z.string().max(60) });
const bulkDeleteBody = z.object({ ids: z.array(recordIdSchema).min(1).max(1000) });
const searchQuery = z.object({
  s: z.string().max(SEARCH_MAX_LENGTH).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** A relation picker names the field it fills (`group.trainers`) and gets only what that field accepts. */
const pickerQuery = searchQuery.extend({ field: z.string().max(121).optional() });

const recordSearchQuery = z.object({
  s: z.string().max(SEARCH_MAX_LENGTH).default(''),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

/** A save answers the record, or 409 when someone saved it meanwhile (`version`). */
const savedAnswers = { 200: dataOf(storedRecord), ...errorAnswers(409) };

/** Access is checked per entity in the handlers (the alias decides the area), so routes need a session. */
const SESSION = { access: 'session' } as const;

export function engineContext(app: FastifyInstance, request: FastifyRequest): EngineContext {
  if (!request.user) throw unauthorized();
  return {
    db: app.db,
    reader: app.listReader,
    userId: request.user.id,
    roles: request.user.roles,
    entities: app.entities,
  };
}

const rawQuery = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '');

/** The lists' declared filters for the API document: `filter[name]=value` beside the columns' own. */
function declaredFiltersText(entities: EntityRegistry): string {
  const lines = [...entities.values()].flatMap((entity) =>
    Object.entries(entity.declaration.filters ?? {}).map(
      ([name, filter]) =>
        `- \`${entity.declaration.alias}\`: \`filter[${name}]\` (${filter.label}): ${
          filter.relation
            ? `id záznamu \`${filter.relation}\``
            : (filter.options ?? []).map((option) => `\`${option.value}\` = ${option.label}`).join(', ')
        }`,
    ),
  );
  return [
    'Filtry sloupců: `filter[pole]=hodnota` (opakovatelné), `filter[pole][from]`, `filter[pole][to]`.',
    ...(lines.length > 0
      ? ['Pojmenované filtry seznamů (`filter[název]=hodnota`, opakovatelné):', ...lines]
      : []),
  ].join('\n');
}

/** Tables, datagrids, forms and relation pickers of every declared entity. */
export async function engineRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API_PATHS.tables,
    { schema: { response: { 200: tablesAnswer } }, config: SESSION },
    async (request) => {
      const ctx = engineContext(app, request);
      const readable = [...app.entities.values()].filter((entity) =>
        can(ctx.roles, entity.declaration.area, 'read'),
      );
      return { data: readable.map((entity) => entityMeta(entity, ctx)) };
    },
  );

  app.get(
    API_PATHS.datagridSchema,
    { schema: { params: nameParams, response: { 200: datagridSchemaAnswer } }, config: SESSION },
    async (request) => {
      const ctx = engineContext(app, request);
      return { data: datagridSchema(entityFor(ctx, request.params.name, 'read'), ctx) };
    },
  );

  // Asked at every keystroke of a search: on PostgreSQL its page proves the session, saving a round trip.
  app.get(
    API_PATHS.datagridRows,
    {
      schema: {
        params: nameParams,
        description: declaredFiltersText(app.entities),
        response: { 200: rowsAnswer },
      },
      config: { ...SESSION, sessionProvedByRead: true },
    },
    async (request) =>
      app.readProvingSession(request, async (proof) => {
        const ctx = engineContext(app, request);
        const entity = entityFor(ctx, request.params.name, 'read');
        return { data: await listRecords(ctx, entity, rawQuery(request), proof) };
      }),
  );

  app.get(
    API_PATHS.datagridAutocomplete,
    {
      schema: { params: columnParams, querystring: searchQuery, response: { 200: columnOptionsAnswer } },
      config: SESSION,
    },
    async (request) => {
      const ctx = engineContext(app, request);
      const entity = entityFor(ctx, request.params.name, 'read');
      const { column } = request.params;
      return { data: await columnOptions(ctx, entity, column, request.query.s, request.query.limit) };
    },
  );

  app.get(
    API_PATHS.autocomplete,
    {
      schema: { params: aliasParams, querystring: pickerQuery, response: { 200: optionsAnswer } },
      config: SESSION,
    },
    async (request) => {
      const ctx = engineContext(app, request);
      const entity = entityFor(ctx, request.params.alias, 'read');
      const { s, limit, field } = request.query;
      const filters = field ? pickerField(ctx, field, request.params.alias).targetFilters : undefined;
      return { data: await relatedOptions(ctx, entity, s, limit, filters) };
    },
  );

  app.get(
    API_PATHS.recordSearch,
    { schema: { querystring: recordSearchQuery, response: { 200: searchAnswer } }, config: SESSION },
    async (request) => {
      const ctx = engineContext(app, request);
      return { data: await searchRecords(ctx, request.query.s, request.query.limit) };
    },
  );

  app.get(
    API_PATHS.history,
    { schema: { params: recordParams, response: { 200: historyAnswer } }, config: SESSION },
    async (request) => {
      const ctx = engineContext(app, request);
      const entity = entityFor(ctx, request.params.alias, 'read');
      await getRecord(ctx, entity, request.params.id);
      return { data: await recordHistory(ctx, entity, request.params.id) };
    },
  );

  app.get(
    API_PATHS.datagridExport,
    {
      schema: { params: nameParams, produces: SPREADSHEET_TYPES },
      config: SESSION,
    },
    async (request, reply) => {
      const ctx = engineContext(app, request);
      const entity = entityFor(ctx, request.params.name, 'read');
      const search = rawQuery(request);
      const format = search.getAll('format').at(-1) ?? 'csv';
      if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
        throw new AppError('BAD_REQUEST', 400, `Neznámý formát exportu „${format}“. Zvolte csv nebo xlsx.`);
      }
      const query = listQueryOf(ctx, entity, search);
      const { plural } = entity.declaration.labels;
      return sendFile(
        reply,
        spreadsheetAnswer({
          format: format as ExportFormat,
          title: plural,
          baseName: `${plural}-${pragueToday()}`,
          columns: exportColumns(entity),
          rows: exportBatches(ctx, entity, query),
        }),
      );
    },
  );

  app.post(
    API_PATHS.datagridBulkDelete,
    {
      schema: { params: nameParams, body: bulkDeleteBody, response: { 200: deletedAnswer } },
      config: SESSION,
    },
    async (request) => {
      const ctx = engineContext(app, request);
      await deleteRecords(ctx, entityFor(ctx, request.params.name, 'write'), request.body.ids);
      return { data: { deleted: request.body.ids.length } };
    },
  );

  app.get(
    API_PATHS.formSchema,
    { schema: { params: aliasParams, response: { 200: formSchemaAnswer } }, config: SESSION },
    async (request) => {
      const ctx = engineContext(app, request);
      return { data: formSchema(entityFor(ctx, request.params.alias, 'read'), ctx) };
    },
  );

  // Read at every opening of a form: on PostgreSQL its record's statement proves the session, as the
  // datagrid's page does. The audit row of a revealed field waits until the session stands proved.
  app.get(
    API_PATHS.form,
    {
      schema: { params: recordParams, response: { 200: dataOf(storedRecord) } },
      config: { ...SESSION, sessionProvedByRead: true },
    },
    async (request) => {
      const { alias, id } = request.params;
      const { record, revealed } = await app.readProvingSession(request, (proof) => {
        const ctx = engineContext(app, request);
        return readFormRecord(ctx, entityFor(ctx, alias, 'read'), id, proof);
      });
      const ctx = engineContext(app, request);
      await recordRevealed(ctx, entityFor(ctx, alias, 'read'), id, revealed);
      return { data: record };
    },
  );

  app.post(
    API_PATHS.formCreate,
    { schema: { params: aliasParams, response: { 201: dataOf(storedRecord) } }, config: SESSION },
    async (request, reply) => {
      const ctx = engineContext(app, request);
      const record = await createRecord(ctx, entityFor(ctx, request.params.alias, 'write'), request.body);
      return reply.status(201).send({ data: record });
    },
  );

  app.put(
    API_PATHS.form,
    { schema: { params: recordParams, response: savedAnswers }, config: SESSION },
    async (request) => {
      const ctx = engineContext(app, request);
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
    API_PATHS.form,
    { schema: { params: recordParams, response: { 200: dataOf(z.null()) } }, config: SESSION },
    async (request) => {
      const ctx = engineContext(app, request);
      await deleteRecords(ctx, entityFor(ctx, request.params.alias, 'write'), [request.params.id]);
      return { data: null };
    },
  );
}
