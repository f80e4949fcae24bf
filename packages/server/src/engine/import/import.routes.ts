import multipart from '@fastify/multipart';
import { API_PATHS, type ImportOptions } from '@klubovna/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { issuesToValidationErrors, type ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { assertUnlimited } from '../declaration/row-access.ts';
import { importPreviewAnswer, importReportAnswer } from '../engine.answers.ts';
import { engineContext } from '../engine.routes.ts';
import { type EngineContext, entityFor } from '../records/records.service.ts';

/**
 * The import's reading (csv-parse) and writing are loaded at the first file sent, not at start: the
 * cold start loads no module its first answer does not need.
 */
const importService = () => import('./import.service.ts');
const importColumns = () => import('./import-columns.ts');

const aliasParams = z.object({ alias: z.string().max(60) });
const optionsSchema = z.object({
  mapping: z.record(z.string().max(200), z.string().max(60).nullable()),
  matchBy: z.string().max(60).nullable().default(null),
});
/** Access is checked per entity: importing needs write access to its area. */
const SESSION = { access: 'session' } as const;
const WITH_FILE = { ...SESSION, multipart: { file: 'file' } } as const;
const WITH_FILE_AND_OPTIONS = { ...SESSION, multipart: { file: 'file', options: optionsSchema } } as const;

const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);

/** The uploaded file (`file`) and, when wanted, the import options (`options`, JSON) of a multipart body. */
async function upload(request: FastifyRequest, withOptions: boolean) {
  if (!request.isMultipart()) throw badRequest('Soubor pošlete jako multipart/form-data v poli file.');
  let bytes: Buffer | undefined;
  let options: ImportOptions | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'options') {
        let json: unknown;
        try {
          json = JSON.parse(String(part.value));
        } catch {
          throw badRequest('Nastavení importu (options) není platný JSON.');
        }
        const parsed = optionsSchema.safeParse(json);
        if (!parsed.success)
          throw new AppError('VALIDATION_FAILED', 400, 'Nastavení importu není v pořádku.', {
            validationErrors: issuesToValidationErrors(parsed.error.issues),
          });
        options = parsed.data;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code } = error as { code?: string };
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 413, 'Soubor je příliš velký.');
    throw badRequest('Soubor nedorazil celý ve tvaru multipart/form-data; zkuste ho nahrát znovu.');
  }
  if (!bytes) throw badRequest('Vyberte soubor CSV nebo XLSX (pole file).');
  if (withOptions && !options) throw badRequest('Chybí nastavení importu (pole options).');
  const { readSheet } = await import('./import-sheet.ts');
  return { sheet: await readSheet(bytes), options: options! };
}

/** The entity an import writes, for a person whose rows of it no rule limits (matching reaches every row). */
function importable(ctx: EngineContext, alias: string) {
  const entity = entityFor(ctx, alias, 'write');
  assertUnlimited(entity, ctx, 'Import');
  return entity;
}

/** Import from CSV or XLSX into any entity: preview with guessed columns, dry run, the import itself. */
export async function importRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 5, parts: 10, fieldSize: 100_000 },
  });

  app.post(
    API_PATHS.importPreview,
    { schema: { params: aliasParams, response: { 200: importPreviewAnswer } }, config: WITH_FILE },
    async (request) => {
      const ctx = engineContext(app, request);
      const entity = importable(ctx, request.params.alias);
      const { sheet } = await upload(request, false);
      return { data: (await importColumns()).previewImport(entity, sheet) };
    },
  );

  for (const [path, dryRun] of [
    [API_PATHS.importDryRun, true],
    [API_PATHS.importRun, false],
  ] as const) {
    app.post(
      path,
      {
        schema: { params: aliasParams, response: { 200: importReportAnswer } },
        config: WITH_FILE_AND_OPTIONS,
      },
      async (request) => {
        const ctx = engineContext(app, request);
        const entity = importable(ctx, request.params.alias);
        const { sheet, options } = await upload(request, true);
        return { data: await (await importService()).runImport(ctx, entity, sheet, options, dryRun) };
      },
    );
  }
}
