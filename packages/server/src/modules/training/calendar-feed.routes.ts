import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../errors/app-error.ts';
import { MEDIA_TYPES } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';

const feedParams = z.object({ file: z.string().max(80) });

/** The feed's writer (ical-generator) is loaded at the first feed asked for, not at start. */
const feedWriter = () => import('./calendar-feed.ts');

/** Calendar feeds of the groups, read by phone calendars without signing in. */
export async function calendarFeedRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    API_PATHS.calendarFeed,
    { schema: { params: feedParams, produces: [MEDIA_TYPES.calendar] }, config: { access: 'public' } },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const feed = /^[A-Za-z0-9_-]{20,64}$/.test(token)
        ? await (await feedWriter()).calendarFeed(app.db, token, new URL(app.config.publicUrl).host)
        : undefined;
      if (feed === undefined) throw notFound('Kalendář neexistuje nebo jeho adresa byla zrušena.');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(feed);
    },
  );
}
