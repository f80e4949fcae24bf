import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { unauthorized } from '../../errors/app-error.ts';
import { homeOf } from './home.ts';

/** The home screen of the back office, for whoever is signed in. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.get(API_PATHS.home, { config: { access: { area: 'self', access: 'read' } } }, async (request) => {
    if (!request.user) throw unauthorized();
    const data = await homeOf({
      db: app.db as unknown as DynamicDb,
      person: { userId: request.user.id, roles: request.user.roles },
      now: new Date(),
      entities: app.entities,
    });
    return { data };
  });
}
