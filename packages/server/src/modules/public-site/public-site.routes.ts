import { createHash } from 'node:crypto';
import { API_PATHS } from '@klubovna/shared';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { DynamicDb } from '../../engine/entity.types.ts';
import { pragueDateTime } from '../../engine/export-columns.ts';
import { toRecord } from '../../engine/record-mapper.ts';
import { notFound } from '../../errors/app-error.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
import { VIDEO_HOSTS } from '../content/index.ts';
import { defaultConfiguration, findConfigurationRow, SPONSOR_LEVEL_OPTIONS } from '../web/index.ts';
import { robots, rss, sitemap } from './feeds.ts';
import { layout, type PageMeta, type SiteConfig } from './layout.ts';
import {
  articlePage,
  eventsPage,
  homePage,
  listingPage,
  notFoundPage,
  sponsorsPage,
  teamPage,
} from './pages.ts';
import * as repository from './public-site.repository.ts';

/** Articles on a page of a listing, and on the home page. */
export const PAGE_SIZE = 10;
const HOME_ARTICLES = 6;
const SPONSOR_LEVELS = new Map<string, string>(
  SPONSOR_LEVEL_OPTIONS.map((option) => [option.value, option.label]),
);

/**
 * Public pages run no script at all; they embed players of the allowed video hosts only, and their
 * images may come from the site or, in an article, from another https address.
 */
const PUBLIC_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https:",
  `frame-src ${VIDEO_HOSTS.map((host) => `https://${host}`).join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const slugParams = z.object({ slug: z.string().max(200) });
const idParams = z.object({ id: recordIdText });

/** The `?strana=` of a listing: a whole number from 1; anything else is no page of it. */
function pageNumber(request: FastifyRequest): number | null {
  const value = (request.query as Record<string, unknown>).strana;
  if (value === undefined) return 1;
  return typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : null;
}

/**
 * The server-rendered public website: pages, sitemap, robots.txt and RSS, answered with validators.
 * Not encapsulated: the app's not-found handler answers with its 404 page.
 */
export const publicSiteRoutes = fp(async (fastify: FastifyInstance): Promise<void> => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db as unknown as DynamicDb;
  const baseUrl = app.config.publicUrl.replace(/\/+$/, '');
  const configEntity = app.entities.get('web-configuration')!;

  async function siteConfig(): Promise<SiteConfig> {
    const row = await findConfigurationRow(db);
    const record = row ? toRecord(configEntity, row) : defaultConfiguration(configEntity);
    const logoId = record.logo as number | null;
    const images = logoId ? await repository.imagesOf(db, [logoId]) : new Map();
    return {
      ...(record as unknown as SiteConfig),
      logo: logoId ? (images.get(logoId) ?? null) : null,
      categories: (await repository.listCategories(db)).map((row) => ({
        name: row.name as string,
        slug: row.slug as string,
      })),
    };
  }

  /**
   * Sends a page or a feed with an ETag (of its bytes) and Last-Modified (of the latest write or
   * publication); a client that has it gets a 304. If-None-Match wins over If-Modified-Since.
   */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    body: string,
    status = 200,
  ) {
    const lastModified = await repository.lastChange(db, new Date().toISOString());
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    reply
      .status(status)
      .type(type)
      .header('cache-control', 'public, no-cache')
      .header('content-security-policy', PUBLIC_CSP)
      .header('etag', etag)
      .header('last-modified', lastModified.toUTCString());
    if (status === 200) {
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
      const fresh = ifNoneMatch
        ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.slice(2))
        : Math.floor(lastModified.getTime() / 1000) * 1000 <= ifModifiedSince;
      if (fresh) return reply.status(304).send();
    }
    return reply.send(body);
  }

  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    meta: PageMeta,
    body: Parameters<typeof layout>[3],
    status = 200,
  ) =>
    send(request, reply, 'text/html; charset=utf-8', layout(await siteConfig(), baseUrl, meta, body), status);

  /** The Czech 404 page of the site, for any address nothing else answers. */
  const sendNotFound = async (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(
      request,
      reply,
      { title: 'Stránka nenalezena', path: request.url.split('?')[0]!, noindex: true },
      notFoundPage(),
      404,
    );
  app.decorate('publicNotFound', sendNotFound);

  const now = () => new Date().toISOString();

  app.get('/', async (request, reply) => {
    const config = await siteConfig();
    const [articles, events, team, sponsors] = [
      await repository.listArticles(db, now(), {}, HOME_ARTICLES, 0),
      await repository.listEvents(db, now(), 'upcoming', 5),
      await repository.listTeam(db),
      await repository.listSponsors(db, pragueDateTime(now())!.slice(0, 10), [...SPONSOR_LEVELS.keys()]),
    ];
    const body = homePage(config.clubName, articles.items, events, team, sponsors);
    return send(
      request,
      reply,
      'text/html; charset=utf-8',
      layout(config, baseUrl, { title: null, path: '/' }, body),
    );
  });

  async function listing(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    heading: string,
    intro: string | null,
    filter: repository.ArticleFilter,
  ) {
    const page = pageNumber(request);
    if (page === null) return sendNotFound(request, reply);
    const found = await repository.listArticles(db, now(), filter, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    const pages = Math.max(1, Math.ceil(found.total / PAGE_SIZE));
    if (page > pages) return sendNotFound(request, reply);
    const title = page > 1 ? `${heading} – strana ${page}` : heading;
    const canonical = page > 1 ? `${path}?strana=${page}` : path;
    return sendPage(
      request,
      reply,
      { title, path: canonical, description: intro },
      listingPage(heading, intro, path, found, page, pages),
      200,
    );
  }

  app.get('/clanky', (request, reply) => listing(request, reply, '/clanky', 'Články', null, {}));

  for (const [prefix, table, label] of [
    ['/kategorie', 'content_categories', 'Kategorie'],
    ['/tagy', 'tags', 'Tag'],
  ] as const) {
    app.get(`${prefix}/:slug`, { schema: { params: slugParams } }, async (request, reply) => {
      const found = await repository.findTaxonomy(db, table, request.params.slug);
      if (!found) return sendNotFound(request, reply);
      const description =
        table === 'content_categories'
          ? ((found as { description?: string | null }).description ?? null)
          : null;
      const filter =
        table === 'content_categories' ? { category: Number(found.id) } : { tag: Number(found.id) };
      const heading = table === 'tags' ? `${label}: ${found.name as string}` : (found.name as string);
      return listing(request, reply, `${prefix}/${found.slug as string}`, heading, description, filter);
    });
  }

  app.get('/clanky/:slug', { schema: { params: slugParams } }, async (request, reply) => {
    const article = await repository.findArticle(db, { slug: request.params.slug, now: now() });
    if (!article) return sendNotFound(request, reply);
    const meta: PageMeta = {
      title: article.seoTitle ?? article.title,
      description: article.seoDescription ?? article.perex,
      path: `/clanky/${article.slug}`,
      type: 'article',
      image: article.image,
      publishedAt: article.publishedAt,
    };
    return sendPage(request, reply, meta, articlePage(article, false));
  });

  app.get('/udalosti', async (request, reply) => {
    const [upcoming, past] = [
      await repository.listEvents(db, now(), 'upcoming', 50),
      await repository.listEvents(db, now(), 'past', 20),
    ];
    return sendPage(request, reply, { title: 'Události', path: '/udalosti' }, eventsPage(upcoming, past));
  });

  app.get('/tym', async (request, reply) =>
    sendPage(request, reply, { title: 'Tým', path: '/tym' }, teamPage(await repository.listTeam(db))),
  );

  app.get('/sponzori', async (request, reply) => {
    const today = pragueDateTime(now())!.slice(0, 10);
    const sponsors = await repository.listSponsors(db, today, [...SPONSOR_LEVELS.keys()]);
    return sendPage(
      request,
      reply,
      { title: 'Sponzoři', path: '/sponzori' },
      sponsorsPage(sponsors, SPONSOR_LEVELS),
    );
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const [articles, categories, tags] = [
      await repository.sitemapArticles(db, now()),
      await repository.listCategories(db),
      await db.selectFrom('tags').select('slug').orderBy('slug').execute(),
    ];
    const taxonomies = [
      ...categories.map((row) => `/kategorie/${row.slug as string}`),
      ...tags.map((row) => `/tagy/${row.slug as string}`),
    ];
    return send(request, reply, 'application/xml; charset=utf-8', sitemap(baseUrl, articles, taxonomies));
  });

  app.get('/robots.txt', async (request, reply) =>
    send(request, reply, 'text/plain; charset=utf-8', robots(baseUrl)),
  );

  app.get('/rss.xml', async (request, reply) => {
    const config = await siteConfig();
    const { items } = await repository.listArticles(db, now(), {}, 20, 0);
    return send(
      request,
      reply,
      'application/rss+xml; charset=utf-8',
      rss(baseUrl, { clubName: config.clubName, description: config.seoDescription }, items),
    );
  });

  // The staff's preview: any article, in any state, as the public site will show it; never cached.
  app.get(
    API_PATHS.contentPreview,
    { schema: { params: idParams }, config: { access: { area: 'content', access: 'read' } } },
    async (request, reply) => {
      const article = await repository.findArticle(db, { id: request.params.id });
      if (!article) throw notFound('Článek neexistuje nebo byl smazán.');
      const page = layout(
        await siteConfig(),
        baseUrl,
        {
          title: `Náhled: ${article.title}`,
          path: `/clanky/${article.slug}`,
          noindex: true,
          type: 'article',
        },
        articlePage(article, true),
      );
      return reply.type('text/html; charset=utf-8').header('content-security-policy', PUBLIC_CSP).send(page);
    },
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the public site's Czech 404 page. */
    publicNotFound: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}
