import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { engineContext } from '../../engine/engine.routes.ts';
import { recordAnswer } from '../../engine/entity-openapi.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { entityFor, getRecord } from '../../engine/records/records.service.ts';
import { dataOf } from '../../http/api-answers.ts';
import { defaultConfiguration, findConfigurationRow } from './web-configuration.ts';

/** The saved record, or every field's default with `id` and `version` null before the first save. */
const configurationAnswer = dataOf(
  z.union([
    recordAnswer('web-configuration'),
    z
      .looseObject({ id: z.null(), version: z.null() })
      .meta({ title: 'Výchozí nastavení webu (dosud neuloženo)' }),
  ]),
);

/** `GET /api/admin/web/configuration`: the saved configuration record, or its defaults (id null) before the first save. */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.webConfiguration,
    {
      schema: { response: { 200: configurationAnswer } },
      config: { access: { area: 'webConfig', access: 'read' } },
    },
    async (request) => {
      const ctx = engineContext(app, request);
      const entity = entityFor(ctx, 'web-configuration', 'read');
      const row = await findConfigurationRow(app.db as unknown as DynamicDb);
      return { data: row ? await getRecord(ctx, entity, Number(row.id)) : defaultConfiguration(entity) };
    },
  );
}
