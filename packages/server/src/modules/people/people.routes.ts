import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { unauthorized } from '../../errors/app-error.ts';
import { myClub } from './my-club.service.ts';
import { myClubAnswer } from './people.answers.ts';

/** The signed-in person's own page: their members and the groups they train. */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const schema = { response: { 200: myClubAnswer } };
  app.get(
    API_PATHS.myClub,
    { schema, config: { access: { area: 'self', access: 'read' } } },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { data: await myClub(app.db as unknown as DynamicDb, request.user.id) };
    },
  );
}
