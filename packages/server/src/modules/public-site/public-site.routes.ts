import { API_PATHS } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { recordIdText } from '@klubovna/shared/validation/input-limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { StampedCache } from '../../db/stamped-cache.ts';
import { writeTrackerOf } from '../../db/write-tracker.ts';
import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { toRecord } from '../../engine/records/record-mapper.ts';
import { notFound } from '../../errors/app-error.ts';
import { MEDIA_TYPES } from '../../http/api-answers.ts';
import type { ZodTypeProvider } from '../../http/zod-type-provider.ts';
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
import {
  type Answer,
  answerOf,
  cacheKey,
  PUBLIC_CSP,
  type Rendered,
  sendAnswer as send,
} from './public-answer.ts';
import * as articleQueries from './public-articles.repository.ts';
import * as webQueries from './public-web.repository.ts';

/** Articles on a page of a listing, and on the home page. */
export const PAGE_SIZE = 10;
const HOME_ARTICLES = 6;
const SPONSOR_LEVELS = new Map<string, string>(
  SPONSOR_LEVEL_OPTIONS.map((option) => [option.value, option.label]),
);

/** Every table a public page is made of: a write to any of them renders the pages anew. */
const SITE_TABLES = [
  'articles',
  'articles_categories',
  'articles_tags',
  'authors',
  'tags',
  'content_categories',
  'web_events',
  'team_members',
  'consents',
  'sponsors',
  'web_configurations',
  'files',
];
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
    const images = logoId ? await articleQueries.imagesOf(db, [logoId]) : new Map();
    return {
      ...(record as unknown as SiteConfig),
      logo: logoId ? (images.get(logoId) ?? null) : null,
      categories: (await articleQueries.listCategories(db)).map((row) => ({
        name: row.name as string,
        slug: row.slug as string,
      })),
    };
  }

  // Rendered answers are reused while none of the site's tables is written, through this instance or
  // any other (the settled stamp: SQLite's process sees every write, PostgreSQL's instances hear of
  // each other's through the invalidation bus), and for at most the result cache's lifetime, which
  // bounds how late a scheduled article or a passing day shows.
  const tracker = writeTrackerOf(app.db);
  const answers = new StampedCache<Answer>(tracker?.resultCacheTtlMs ?? 0, 1000);
  const stamp = async () => (await tracker?.settledStamp(SITE_TABLES)) ?? Number.NaN;

  const finish = async (rendered: Rendered): Promise<Answer> =>
    answerOf(rendered, await webQueries.lastChange(db, new Date().toISOString()));

  const page = async (
    meta: PageMeta,
    body: Parameters<typeof layout>[3],
    status = 200,
  ): Promise<Rendered> => ({
    status,
    body: layout(await siteConfig(), baseUrl, meta, body),
  });

  /** The Czech 404 page of the site, for any address nothing else answers. */
  const notFoundAnswer = (request: FastifyRequest) =>
    page(
      { title: 'Stránka nenalezena', path: request.url.split('?')[0]!, noindex: true },
      notFoundPage(),
      404,
    );
  app.decorate('publicNotFound', async (request: FastifyRequest, reply: FastifyReply) =>
    send(request, reply, await finish(await notFoundAnswer(request))),
  );

  /** A public GET route whose answers are rendered by `render` (null: the 404 page) and reused. */
  function publicGet<Params>(
    path: string,
    render: (request: FastifyRequest & { params: Params }) => Promise<Rendered | null>,
  ) {
    // No schema: an address too long or odd to be a slug is simply no page (the Czech 404).
    app.get(path, async (request, reply) => {
      const key = cacheKey(request);
      const before = await stamp();
      const cached = answers.get(key, before, Date.now());
      if (cached) return send(request, reply, cached);
      const rendered = await render(request as FastifyRequest & { params: Params });
      const answer = await finish(rendered ?? (await notFoundAnswer(request)));
      if (answer.status === 200) answers.set(key, before, Date.now(), answer);
      return send(request, reply, answer);
    });
  }

  const now = () => new Date().toISOString();

  publicGet('/', async () => {
    const config = await siteConfig();
    const [articles, events, team, sponsors] = [
      await articleQueries.listArticles(db, now(), {}, HOME_ARTICLES, 0),
      await webQueries.listEvents(db, now(), 'upcoming', 5),
      await webQueries.listTeam(db),
      await webQueries.listSponsors(db, pragueToday(), [...SPONSOR_LEVELS.keys()]),
    ];
    const body = homePage(config.clubName, articles.items, events, team, sponsors);
    return { body: layout(config, baseUrl, { title: null, path: '/' }, body) };
  });

  async function listing(
    request: FastifyRequest,
    path: string,
    heading: string,
    intro: string | null,
    filter: articleQueries.ArticleFilter,
  ): Promise<Rendered | null> {
    const number = pageNumber(request);
    if (number === null) return null;
    const found = await articleQueries.listArticles(db, now(), filter, PAGE_SIZE, (number - 1) * PAGE_SIZE);
    const pages = Math.max(1, Math.ceil(found.total / PAGE_SIZE));
    if (number > pages) return null;
    const title = number > 1 ? `${heading} – strana ${number}` : heading;
    const canonical = number > 1 ? `${path}?strana=${number}` : path;
    return page(
      { title, path: canonical, description: intro },
      listingPage(heading, intro, path, found, number, pages),
    );
  }

  publicGet('/clanky', (request) => listing(request, '/clanky', 'Články', null, {}));

  for (const [prefix, table] of [
    ['/kategorie', 'content_categories'],
    ['/tagy', 'tags'],
  ] as const) {
    publicGet<{ slug: string }>(`${prefix}/:slug`, async (request) => {
      const found = await articleQueries.findTaxonomy(db, table, request.params.slug);
      if (!found) return null;
      const name = found.name as string;
      return table === 'content_categories'
        ? listing(
            request,
            `${prefix}/${found.slug as string}`,
            name,
            (found.description as string | null) ?? null,
            {
              category: Number(found.id),
            },
          )
        : listing(request, `${prefix}/${found.slug as string}`, `Tag: ${name}`, null, {
            tag: Number(found.id),
          });
    });
  }

  publicGet<{ slug: string }>('/clanky/:slug', async (request) => {
    const article = await articleQueries.findArticle(db, { slug: request.params.slug, now: now() });
    if (!article) return null;
    const meta: PageMeta = {
      title: article.seoTitle ?? article.title,
      description: article.seoDescription ?? article.perex,
      path: `/clanky/${article.slug}`,
      type: 'article',
      image: article.image,
      publishedAt: article.publishedAt,
    };
    return page(meta, articlePage(article, false));
  });

  publicGet('/udalosti', async () => {
    const [upcoming, past] = [
      await webQueries.listEvents(db, now(), 'upcoming', 50),
      await webQueries.listEvents(db, now(), 'past', 20),
    ];
    return page({ title: 'Události', path: '/udalosti' }, eventsPage(upcoming, past));
  });

  publicGet('/tym', async () =>
    page({ title: 'Tým', path: '/tym' }, teamPage(await webQueries.listTeam(db))),
  );

  publicGet('/sponzori', async () => {
    const today = pragueToday();
    const sponsors = await webQueries.listSponsors(db, today, [...SPONSOR_LEVELS.keys()]);
    return page({ title: 'Sponzoři', path: '/sponzori' }, sponsorsPage(sponsors, SPONSOR_LEVELS));
  });

  publicGet('/sitemap.xml', async () => {
    const [articles, categories, tags] = [
      await articleQueries.sitemapArticles(db, now()),
      await articleQueries.listCategories(db),
      await db.selectFrom('tags').select('slug').orderBy('slug').execute(),
    ];
    const taxonomies = [
      ...categories.map((row) => `/kategorie/${row.slug as string}`),
      ...tags.map((row) => `/tagy/${row.slug as string}`),
    ];
    return { type: 'application/xml; charset=utf-8', body: sitemap(baseUrl, articles, taxonomies) };
  });

  publicGet('/robots.txt', async () => ({ type: 'text/plain; charset=utf-8', body: robots(baseUrl) }));

  publicGet('/rss.xml', async () => {
    const config = await siteConfig();
    const { items } = await articleQueries.listArticles(db, now(), {}, 20, 0);
    return {
      type: 'application/rss+xml; charset=utf-8',
      body: rss(baseUrl, { clubName: config.clubName, description: config.seoDescription }, items),
    };
  });

  // The staff's preview: any article, in any state, as the public site will show it; never cached.
  app.get(
    API_PATHS.contentPreview,
    {
      schema: { params: idParams, produces: [MEDIA_TYPES.html] },
      config: { access: { area: 'content', access: 'read' } },
    },
    async (request, reply) => {
      const article = await articleQueries.findArticle(db, { id: request.params.id });
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
