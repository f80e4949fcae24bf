import { API_PATHS, type SportRegisterProblem } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { z } from 'zod';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { dataOf, MEDIA_TYPES } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { recordReadings, registerMembers, registerProblems } from './register.service.ts';
import { registerCsv } from './register-columns.ts';

/** The national sport register's export and what it would refuse: the office's (the users area). */
const OFFICE = { access: { area: 'users', access: 'write' } } as const;

/** What the register would refuse, per member (`SportRegisterProblem[]`). */
const problemsAnswer = dataOf(
  z.array(
    z.object({ memberId: z.number().int(), name: z.string(), problems: z.array(z.string()) }),
  ) satisfies z.ZodType<SportRegisterProblem[]>,
);

export async function registerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db as unknown as DynamicDb;

  app.get(
    API_PATHS.sportRegisterExport,
    { schema: { produces: [MEDIA_TYPES.csv] }, config: OFFICE },
    async (request, reply) => {
      const people = await registerMembers(db());
      await recordReadings(db(), request.user!.id, app.entities.get('member')!, people);
      return reply
        .header('content-type', 'text/csv; charset=windows-1250')
        .header('content-disposition', 'attachment; filename="rejstrik-sportu.csv"')
        .header('cache-control', 'no-store')
        .send(iconv.encode(registerCsv(people), 'win1250'));
    },
  );

  const problems = { response: { 200: problemsAnswer } };
  app.get(API_PATHS.sportRegisterProblems, { schema: problems, config: OFFICE }, async () => {
    const people = await registerMembers(db());
    return {
      data: people.flatMap((person): SportRegisterProblem[] => {
        const problems = registerProblems(person);
        return problems.length > 0
          ? [{ memberId: person.id, name: `${person.lastName} ${person.firstName}`, problems }]
          : [];
      }),
    };
  });
}
