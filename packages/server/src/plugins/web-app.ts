import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_META } from '@klubovna/shared';
import type { FastifyInstance } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html><html lang="cs"><meta charset="utf-8"><title>Klubovna</title>
<p>Administrace zatím není sestavena. Spusťte <code>npm start</code> nebo <code>npm run build</code>.</p></html>`;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * index.html as served: the declared entities (their screens are served and linked) and the Sentry
 * DSN as meta tags, since the CSP forbids inline scripts.
 */
function withPageMeta(html: string, entities: string[], sentryDsn: string | undefined): string {
  const meta = [
    `<meta name="${PAGE_META.entities}" content="${escapeAttribute(entities.join(','))}">`,
    ...(sentryDsn ? [`<meta name="${PAGE_META.sentryDsn}" content="${escapeAttribute(sentryDsn)}">`] : []),
  ];
  return html.replace('</head>', `${meta.join('')}</head>`);
}

/** Reads index.html again only when a new build replaced it, so a rebuild needs no restart. */
function indexHtmlReader(distDir: string, entities: string[], sentryDsn: string | undefined) {
  const file = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  return (): string | undefined => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = {
        mtimeMs: stat.mtimeMs,
        html: withPageMeta(fs.readFileSync(file, 'utf8'), entities, sentryDsn),
      };
    }
    return cached.html;
  };
}

/** Serves the back-office single-page app under /admin; every unknown /admin path gets index.html. */
export async function webAppPlugin(app: FastifyInstance): Promise<void> {
  const distDir = app.config.webDistDir;
  const indexHtml = indexHtmlReader(distDir, [...app.entities.keys()], app.config.sentryDsn);

  if (fs.existsSync(path.join(distDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: '/admin/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  }

  const sendApp = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const html = indexHtml();
    return html ? reply.send(html) : reply.status(503).send(NOT_BUILT_PAGE);
  };
  app.get('/admin', sendApp);
  app.get('/admin/*', sendApp);
  // The public website is not built yet; until it is, the club's address opens the back office.
  app.get('/', async (_request, reply) => reply.redirect('/admin'));
}
