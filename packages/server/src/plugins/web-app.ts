import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  createRouter,
  datagridPageUrl,
  firstPageParams,
  formFirstAnswers,
  listFirstAnswers,
  PAGE_META,
  preloadsOfRoute,
  ROUTES,
  type RouteDefinition,
  type RouteFiles,
  type RoutePreloads,
  recordIdFromAddress,
  settingsName,
} from '@klubovna/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressBody, type Encoding, preferredEncoding } from '../http/encoded-body.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

const NOT_BUILT_PAGE = `<!doctype html><html lang="cs"><meta charset="utf-8"><title>Klubovna</title>
<p>Administrace zatím není sestavena. Spusťte <code>npm start</code> nebo <code>npm run build</code>.</p></html>`;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The page's HTML with markup added at the end of its head. */
const intoHead = (html: string, markup: string) => html.replace('</head>', () => `${markup}</head>`);

/** Where the page meta starts (withPageMeta): the end of the head, after the links the browser needs first. */
const PAGE_META_START = `<meta name="${PAGE_META.entityScreens}"`;

/**
 * The page's HTML with links added before its page meta: the routes of every entity screen take some
 * 20 KB, and links after them were found only once the page's later packets had come (on a phone's
 * link, a round trip or two later).
 */
const withLinks = (html: string, markup: string) =>
  html.includes(PAGE_META_START)
    ? html.replace(PAGE_META_START, () => `${markup}${PAGE_META_START}`)
    : intoHead(html, markup);

/**
 * index.html as served: the routes of the declared entities' screens (served and linked beside the
 * route table's) and the Sentry DSN as meta tags, since the CSP forbids inline scripts.
 */
function withPageMeta(
  html: string,
  entityScreens: readonly RouteDefinition[],
  sentryDsn: string | undefined,
): string {
  const meta = [
    `<meta name="${PAGE_META.entityScreens}" content="${escapeAttribute(JSON.stringify(entityScreens))}">`,
    ...(sentryDsn ? [`<meta name="${PAGE_META.sentryDsn}" content="${escapeAttribute(sentryDsn)}">`] : []),
  ];
  return intoHead(html, meta.join(''));
}

interface ServedPage {
  html: string;
  /** A strong validator of the page as served, so a browser revalidating it gets a 304. */
  etag: string;
  /** For a signed-in visitor, the entity of the generic list the page shows (see withFirstPage). */
  list?: string;
  /** For a signed-in visitor, the entity of the form the page shows (see withRecord). */
  form?: string;
  /** The page compressed, made at its first request in each encoding. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/** The query of the address a page was asked for. */
const queryOf = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '');

const etagOf = (html: string) => `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
const fetchPreload = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`;

const NO_PRELOADS: RoutePreloads = { screens: {}, generic: { list: [], form: [] }, chunks: {}, bytes: {} };

function readRoutePreloads(file: string): RoutePreloads {
  try {
    const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<RoutePreloads>;
    // A build of an older shape: pages are served without preloads.
    return preloads.screens && preloads.generic ? (preloads as RoutePreloads) : NO_PRELOADS;
  } catch {
    return NO_PRELOADS;
  }
}

/**
 * `<link>`s of the route's files, under the app's base: its modules to fetch while the entry loads and
 * runs, its styles to fetch without blocking the first paint. A route that is not urgent (its code is
 * larger) has them fetched after the entry and the styles, and its scripts only fetched, not compiled
 * ahead (`preload as=script` rather than `modulepreload`): compiled early they lengthened the main
 * thread's tasks after the first paint. For a signed-in visitor, also the API answers the screen asks
 * for first (`preload as=fetch`, which the app's `fetch` of the same path takes over): they come while
 * the code loads rather than after it has run.
 */
function preloadLinks(files: RouteFiles, signedIn: boolean): string {
  const priority = files.urgent ? '' : ' fetchpriority="low"';
  const script = files.urgent ? 'rel="modulepreload"' : 'rel="preload" as="script"';
  const answers = signedIn ? files.answers : [];
  return [
    ...answers.map(fetchPreload),
    ...files.js.map(
      (file) => `<link ${script}${priority} crossorigin href="/admin/${escapeAttribute(file)}">`,
    ),
    ...files.css.map(
      (file) =>
        `<link rel="preload" as="style"${priority} crossorigin href="/admin/${escapeAttribute(file)}">`,
    ),
  ].join('');
}

/**
 * index.html as served for a path: with the page meta, and with preloads of the code of the screen the
 * path's route shows (when its route has one, of an entity this server declares) and, for a visitor
 * with a session cookie, of its first answers. Read again only when a new build replaced index.html,
 * so a rebuild needs no restart; one page per route (and per signed-in or not) is kept.
 */
function indexHtmlReader(
  distDir: string,
  entityScreens: readonly RouteDefinition[],
  sentryDsn: string | undefined,
) {
  const file = path.join(distDir, 'index.html');
  const router = createRouter([...ROUTES, ...entityScreens]);
  let built: { mtimeMs: number; html: string; preloads: RoutePreloads } | undefined;
  const pages = new Map<string, ServedPage>();
  return (pathname: string, signedIn: boolean): ServedPage | undefined => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (built?.mtimeMs !== stat.mtimeMs) {
      const html = withPageMeta(fs.readFileSync(file, 'utf8'), entityScreens, sentryDsn);
      built = {
        mtimeMs: stat.mtimeMs,
        html,
        preloads: readRoutePreloads(path.join(distDir, 'route-preloads.json')),
      };
      pages.clear();
    }
    const route = router.matchRoute(pathname)?.route;
    const files = route && preloadsOfRoute(built.preloads, route);
    // Routes without preloads share the page as built.
    const key = files ? `${route.name}${signedIn ? ' signed-in' : ''}` : '';
    let page = pages.get(key);
    if (!page) {
      const html = files ? withLinks(built.html, preloadLinks(files, signedIn)) : built.html;
      const list = signedIn ? files?.list : undefined;
      const form = signedIn ? files?.form : undefined;
      page = { html, etag: etagOf(html), ...(list ? { list } : {}), ...(form ? { form } : {}) };
      pages.set(key, page);
    }
    return page;
  };
}

/** A page with one more answer named for the browser to fetch. */
function withPreload(page: ServedPage, href: string): ServedPage {
  const html = withLinks(page.html, fetchPreload(href));
  return { html, etag: etagOf(html) };
}

/**
 * A generic list's page with its first page of rows named too: the address the list's prefetch asks
 * for (firstPageParams: the visitor's own settings for the list and the page's address), so the rows
 * come while the code loads. The schema and the settings are read through the API as the visitor, in
 * process: nothing is named for a session that is no longer valid (the page as built then).
 */
async function withFirstPage(
  app: FastifyInstance,
  request: FastifyRequest,
  page: ServedPage,
  list: string,
): Promise<ServedPage> {
  const ask = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
    });
  const [schema, settings] = await Promise.all(listFirstAnswers(list).map(ask));
  if (schema?.statusCode !== 200 || settings?.statusCode !== 200) return page;
  const configs = settings.json<{ data: Record<string, { data: unknown } | undefined> | null }>().data;
  const params = firstPageParams(schema.json().data, configs?.[settingsName(list)]?.data, queryOf(request));
  return withPreload(page, datagridPageUrl(list, params));
}

/**
 * An edit form's page with its record named too (the one the address's `?id=` names), so it comes
 * while the code loads. Whether the visitor may read it, the answer tells.
 */
function withRecord(request: FastifyRequest, page: ServedPage, form: string): ServedPage {
  const id = recordIdFromAddress(queryOf(request));
  const record = id === undefined ? undefined : formFirstAnswers(form, id)[1];
  return record ? withPreload(page, record) : page;
}

/** Vite names built files `<name>-<8-character content hash>.<ext>`; only those may be cached for good. */
const HASHED_FILE = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** Whether an If-None-Match header names the current validator (a list, or `*`). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends a page as the client accepts it: compressed when larger than a few KB (the routes of the entity
 * screens make every page about 20 KB), each encoding made once per kept page. Each encoding has a
 * validator of its own, as its bytes differ; a client that has the page gets a 304.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: ServedPage) {
  const encoding =
    Buffer.byteLength(page.html) >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(request) : null;
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  reply.header('etag', etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  if (!encoding) return reply.send(page.html);
  page.encoded ??= {};
  page.encoded[encoding] ??= compressBody(page.html, encoding);
  return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
}

/** Where the built app's files are served. */
export const WEB_ASSETS_PREFIX = '/admin/assets/';

/**
 * Serves the back-office single-page app under /admin; every unknown /admin path gets index.html.
 *
 * Built files are served as the build compressed them (`.br`, `.gz` beside each file, chosen by the
 * request's Accept-Encoding, with `Vary: Accept-Encoding`): hashed files are cached for a year as
 * immutable, anything else and index.html are revalidated on every use (`no-cache` with an ETag).
 * None of these requests is logged at the default level: one page load fetches dozens of files.
 * Register this plugin before the response compression, which then leaves these routes alone.
 */
export async function webAppPlugin(app: FastifyInstance): Promise<void> {
  const distDir = app.config.webDistDir;
  const entityScreens = [...app.entities.values()].flatMap((entity) => entity.screenRoutes);
  const indexHtml = indexHtmlReader(distDir, entityScreens, app.config.sentryDsn);

  if (fs.existsSync(path.join(distDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: WEB_ASSETS_PREFIX,
      // Hashed files never change under their name: the ETag revalidates the others, so neither a
      // Last-Modified date nor byte ranges (for scripts and styles of a few KB) are worth their headers.
      lastModified: false,
      acceptRanges: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      index: false,
      logLevel: 'warn',
      setHeaders: (reply, file) => {
        // `file` is the variant sent: `app-1a2b3c4d.js.br` is cached as `app-1a2b3c4d.js` is.
        const name = path.basename(file).replace(/\.(br|gz)$/, '');
        reply.header(
          'cache-control',
          HASHED_FILE.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    // Only whether the visitor has a session cookie: whether it is still valid, the answers tell.
    const signedIn = request.cookies[SESSION_COOKIE] !== undefined;
    // A signed-in visitor's page may name their own data (a list's filters): no shared cache keeps it.
    reply
      .header('cache-control', signedIn ? 'private, no-cache' : 'no-cache')
      .type('text/html; charset=utf-8');
    const built = indexHtml(request.url.split('?')[0]!, signedIn);
    if (!built) return reply.status(503).send(NOT_BUILT_PAGE);
    const page = built.list
      ? await withFirstPage(app, request, built, built.list)
      : built.form
        ? withRecord(request, built, built.form)
        : built;
    return sendPage(request, reply, page);
  };
  app.get('/admin', { logLevel: 'warn' }, sendApp);
  app.get('/admin/*', { logLevel: 'warn' }, sendApp);
}
