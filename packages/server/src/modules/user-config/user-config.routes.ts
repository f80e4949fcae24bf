import { API_PATHS } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, unauthorized } from '../../errors/app-error.ts';
import { dataOf } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { listConfigs, upsertConfig } from './user-config.repository.ts';

export const MAX_CONFIG_BYTES = 64 * 1024;

const configBody = z.object({
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(
      /^[A-Za-z0-9._:-]+$/,
      'Název nastavení smí obsahovat jen písmena bez diakritiky, číslice a znaky . _ : -',
    ),
  data: z.json(),
});

/** A setting's value: any JSON its screen keeps. */
const setting = z.unknown().meta({ description: 'Hodnota nastavení: JSON, jak ho obrazovka uložila.' });
/** Every setting of the user by its name. */
const configsAnswer = dataOf(z.record(z.string(), z.object({ data: setting })));
const savedAnswer = dataOf(z.object({ name: z.string(), data: setting }));

/** Each signed-in user's own settings (datagrid columns, page sizes…), keyed by name. */
export async function userConfigRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API_PATHS.userConfig,
    { schema: { response: { 200: configsAnswer } }, config: { access: { area: 'self', access: 'read' } } },
    async (request) => {
      if (!request.user) throw unauthorized();
      const rows = await listConfigs(app.db, request.user.id);
      // A null-prototype object: a setting named __proto__ is just a key here.
      const data: Record<string, { data: unknown }> = Object.create(null);
      for (const row of rows) data[row.name] = { data: JSON.parse(row.data) };
      return { data };
    },
  );

  app.post(
    API_PATHS.userConfig,
    {
      schema: { body: configBody, response: { 200: savedAnswer } },
      config: { access: { area: 'self', access: 'write' } },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const serialized = JSON.stringify(request.body.data);
      if (Buffer.byteLength(serialized) > MAX_CONFIG_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Nastavení je příliš velké (nejvýše 64 KB).');
      }
      await upsertConfig(app.db, request.user.id, request.body.name, serialized, new Date().toISOString());
      return { data: { name: request.body.name, data: request.body.data } };
    },
  );
}
