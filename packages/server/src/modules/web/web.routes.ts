import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import { engineContext } from '../../engine/engine.routes.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';
import { entityFor, getRecord } from '../../engine/records/records.service.ts';
import { defaultConfiguration, findConfigurationRow } from './web-configuration.ts';

/** `GET /api/admin/web/configuration`: the saved configuration record, or its defaults (id null) before the first save. */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.webConfiguration,
    { config: { access: { area: 'webConfig', access: 'read' } } },
    async (request) => {
      const ctx = engineContext(app, request);
      const entity = entityFor(ctx, 'web-configuration', 'read');
      const row = await findConfigurationRow(app.db as unknown as DynamicDb);
      return { data: row ? await getRecord(ctx, entity, Number(row.id)) : defaultConfiguration(entity) };
    },
  );
}
