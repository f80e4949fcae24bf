import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_PATHS, apiPath } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors/app-error.ts';
import { MEDIA_TYPES } from '../http/api-answers.ts';
import { type DocumentExpansion, openApiDocument } from '../http/openapi.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import type { ZodTypeProvider } from '../http/zod-type-provider.ts';

/** The API documentation is for administrators: those who may manage the club's users. */
const ADMINS = { access: { area: 'users', access: 'write' } } as const;

/** Swagger UI's files served from the installed package (no CDN), with their types. */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};
/** Starts Swagger UI on the document; a file of its own, since the CSP forbids inline scripts. */
const START_SCRIPT = 'klubovna-start.js';
/**
 * Swagger UI's colours darkened where its text falls short of 4.5:1 contrast (numbers of an example
 * lightened on its dark ground), and examples shown whole: a region that scrolls would need the keyboard.
 */
const CONTRAST_STYLES = 'klubovna-contrast.css';

const asset = (file: string) => apiPath(API_PATHS.apiDocsAsset, { file });

const PAGE = `<!doctype html>
<html lang="cs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dokumentace API – Klubovna</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="stylesheet" href="${asset(CONTRAST_STYLES)}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('swagger-ui-standalone-preset.js')}"></script>
<script src="${asset(START_SCRIPT)}"></script>
</body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(API_PATHS.apiDocsDocument)},
  dom_id: '#swagger-ui',
  deepLinking: false,
  // One group of operations per entity (about 70): opened all at once, Swagger UI lays out only the
  // first few, so each group opens on a click.
  docExpansion: 'none',
  withCredentials: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'BaseLayout',
});
`;

const CONTRAST = `.swagger-ui .info .title small, .swagger-ui .info .title small pre { background: #4b5563; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle { color: #1f5fad; }
.swagger-ui .btn.authorize { color: #1e7a4f; border-color: #1e7a4f; }
.swagger-ui .btn.authorize svg { fill: #1e7a4f; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d6fb8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1e7a4f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a85b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c21f1f; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f7a63; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #555555; }
.swagger-ui .highlight-code > .microlight span[style*="211, 99, 99"] { color: #f28b8b !important; }
.swagger-ui .highlight-code > .microlight { max-height: none; overflow-y: visible; }
`;

const fileParams = z.object({ file: z.string().max(60) });
/** The document itself, not in the `{ data }` envelope. */
const documentShape = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

/** The OpenAPI document of the app's /api routes, with the entities' paths and schemas app.ts adds. */
export function apiDocument(app: FastifyInstance, expansion?: DocumentExpansion) {
  return openApiDocument(
    app.apiRoutes,
    { title: 'Klubovna API', version: '1.0.0', sessionCookie: SESSION_COOKIE },
    expansion,
  );
}

/**
 * `/api/docs`: the OpenAPI 3.1 document of every /api route, generated from the routes' own Zod
 * schemas and access rules, and Swagger UI to read and try it, for administrators.
 */
export async function apiDocsRoutes(
  fastify: FastifyInstance,
  options: { expansion?: () => DocumentExpansion },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  let document: ReturnType<typeof apiDocument> | undefined;

  app.get(
    API_PATHS.apiDocs,
    { schema: { produces: [MEDIA_TYPES.html] }, config: ADMINS },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE),
  );

  app.get(
    API_PATHS.apiDocsDocument,
    { schema: { response: { 200: documentShape } }, config: ADMINS },
    async () => {
      // Every route is registered by the time the app serves, so the document is built once.
      document ??= apiDocument(app, options.expansion?.());
      return document;
    },
  );

  app.get(
    API_PATHS.apiDocsAsset,
    { schema: { params: fileParams, produces: ['text/javascript', 'text/css'] }, config: ADMINS },
    async (request, reply) => {
      const { file } = request.params;
      if (file === START_SCRIPT) return reply.type('text/javascript; charset=utf-8').send(START);
      if (file === CONTRAST_STYLES) return reply.type('text/css; charset=utf-8').send(CONTRAST);
      // Only the listed files: a name such as __proto__ is no file of the package.
      const type = Object.hasOwn(SWAGGER_FILES, file) ? SWAGGER_FILES[file] : undefined;
      if (!type) throw notFound('Takový soubor dokumentace API neexistuje.');
      return reply.type(type).send(fs.createReadStream(path.join(swaggerDir, file)));
    },
  );
}
