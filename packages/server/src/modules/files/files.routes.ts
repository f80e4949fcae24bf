import path from 'node:path';
import multipart from '@fastify/multipart';
import { API_PATHS } from '@klubovna/shared';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { AppError, notFound, unauthorized } from '../../errors/app-error.ts';
import { errorAnswers } from '../../http/api-answers.ts';
import type { CurrentUser } from '../../http/session.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { isSafeStorageKey } from '../../plugins/storage.ts';
import { isPublicFile, isReadableFile, type StoredFile } from './file-access.ts';
import { IMAGE_TYPES, keyExtension, nameForType } from './file-types.ts';
import { fileAnswer, uploadedFilesAnswer } from './files.answers.ts';
import { findFileByKey, findFilesByIds } from './files.repository.ts';
import { storeUpload, THUMBNAIL_TYPE, toUploadedFile, type UploadDeps } from './upload.service.ts';

const uploadQuery = z.object({
  namespace: z
    .string()
    .regex(
      /^[a-z0-9-]{1,40}$/,
      'Jmenný prostor smí obsahovat jen malá písmena bez diakritiky, číslice a pomlčky (nejvýše 40 znaků).',
    )
    .default('default'),
});
const fileParams = z.object({ id: recordIdText });
const MAX_FILES_PER_REQUEST = 20;

/** The multipart parser's own complaints (no boundary, a body cut short) carry only a message. */
const MALFORMED_MULTIPART = /multipart|boundary/i;

function clientFault(error: unknown): unknown {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (error instanceof AppError || code !== undefined || typeof message !== 'string') return error;
  return MALFORMED_MULTIPART.test(message)
    ? new AppError(
        'BAD_REQUEST',
        400,
        'Soubory nedorazily ve tvaru multipart/form-data; zkuste je nahrát znovu.',
      )
    : error;
}

/** Uploads (`files[]`, type by content, images cleaned and thumbnailed) and serving under /files. */
export async function filesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = app;
  const deps: UploadDeps = {
    db: app.db,
    storage,
    tmpDir: path.join(app.config.dataDir, 'tmp'),
    maxBytes: app.config.uploadMaxBytes,
  };
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: MAX_FILES_PER_REQUEST, fields: 10, parts: 40 },
  });
  const dynamicDb = app.db as unknown as DynamicDb;
  /** 'public' for anyone, 'private' for the signed-in person who may read it, else nothing. */
  const accessTo = async (file: StoredFile, user: CurrentUser | null) => {
    if (await isPublicFile(dynamicDb, app.entities, file)) return 'public';
    if (user && (await isReadableFile(dynamicDb, app.entities, file, { userId: user.id, roles: user.roles })))
      return 'private';
    return undefined;
  };

  app.post(
    API_PATHS.fileUpload,
    {
      // 503: the file storage (an S3 bucket) does not answer.
      schema: { querystring: uploadQuery, response: { 200: uploadedFilesAnswer, ...errorAnswers(503) } },
      config: { access: { area: 'files', access: 'write' }, multipart: { 'files[]': 'file' } },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          415,
          'Soubory posílejte jako multipart/form-data v poli files[].',
        );
      const stored: Array<Awaited<ReturnType<typeof storeUpload>>> = [];
      try {
        for await (const part of request.files()) {
          if (part.fieldname !== 'files[]' && part.fieldname !== 'files') {
            part.file.resume();
            continue;
          }
          stored.push(
            await storeUpload(
              deps,
              { filename: part.filename, stream: part.file },
              request.query.namespace,
              request.user.id,
            ),
          );
        }
      } catch (error) {
        // The rest of the body is never read: the connection must end with the answer, or the next
        // request on it would wait behind the unread bytes.
        reply.header('connection', 'close');
        // All or nothing: a request whose one file fails leaves none of them behind.
        await Promise.all(stored.flatMap((entry) => entry.keys).map((key) => storage.delete(key)));
        if (stored.length > 0)
          await app.db
            .deleteFrom('files')
            .where(
              'id',
              'in',
              stored.map((entry) => entry.file.id),
            )
            .execute();
        throw clientFault(error);
      }
      if (stored.length === 0)
        throw new AppError('BAD_REQUEST', 400, 'Nebyl odeslán žádný soubor (pole files[]).');
      return { data: stored.map((entry) => entry.file) };
    },
  );

  app.get(
    API_PATHS.file,
    {
      schema: { params: fileParams, response: { 200: fileAnswer } },
      config: { access: { area: 'files', access: 'read' } },
    },
    async (request) => {
      const [row] = await findFilesByIds(app.db, [request.params.id]);
      // One the person may not read is as missing: ids cannot be tried one by one.
      if (!row || !(await accessTo(row, request.user))) throw notFound('Soubor neexistuje.');
      return { data: toUploadedFile(row) };
    },
  );

  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const row = isSafeStorageKey(key) ? await findFileByKey(app.db, key) : undefined;
    const access = row && (await accessTo(row, request.user));
    const missing = () => reply.status(404).type('text/plain; charset=utf-8').send('Soubor nenalezen.');
    if (!row || !access) return missing();
    const mime = row.thumbnail_key === key ? THUMBNAIL_TYPE : row.mime_type;
    const inline = IMAGE_TYPES.has(mime);
    // A public image may come straight from the storage's own address (a bucket's, when configured);
    // a download keeps its name, so it passes through here.
    const direct = access === 'public' && inline ? storage.publicUrl(key) : undefined;
    if (direct) return reply.header('cache-control', 'public, max-age=300').redirect(direct, 302);
    const content = await storage.read(key);
    if (!content) return missing();
    // A private file is never kept by a shared cache, and asked for again each time it is shown.
    reply
      .type(mime)
      .header(
        'cache-control',
        access === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-cache',
      );
    if (!inline) {
      // Named by the type its content is, whatever the uploaded name said (files stored before too).
      const extension = keyExtension(key);
      const name = nameForType(row.original_name, extension);
      reply.header(
        'content-disposition',
        `attachment; filename="download.${extension}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
    return reply.send(content);
  });
}
