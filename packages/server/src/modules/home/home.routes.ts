import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { unauthorized } from '../../errors/app-error.ts';
import { homeAnswer } from './home.answers.ts';
import { homeOf } from './home.ts';

/** The home screen of the back office, for whoever is signed in. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const schema = { response: { 200: homeAnswer } };
  app.get(
    API_PATHS.home,
    { schema, config: { access: { area: 'self', access: 'read' } } },
    async (request) => {
      if (!request.user) throw unauthorized();
      const data = await homeOf({
        db: app.db as unknown as DynamicDb,
        person: { userId: request.user.id, roles: request.user.roles },
        now: new Date(),
        entities: app.entities,
      });
      return { data };
    },
  );
}
