import { escapeHtml } from './html.ts';
import { type ArticleSummary, iso } from './public-articles.repository.ts';

/** The site's own pages that are always in the sitemap. */
const FIXED_PAGES = ['/', '/clanky', '/udalosti', '/tym', '/sponzori'];

/** `/sitemap.xml` by the sitemaps.org 0.9 schema: the fixed pages, categories, tags and PUBLIC articles. */
export function sitemap(
  baseUrl: string,
  articles: Array<{ slug: unknown; updated_at: unknown }>,
  taxonomies: string[],
): string {
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeHtml(baseUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...FIXED_PAGES.map((path) => url(path)),
    ...taxonomies.map((path) => url(path)),
    ...articles.map((article) => url(`/clanky/${String(article.slug)}`, iso(article.updated_at))),
    '</urlset>',
  ].join('\n');
}

export function robots(baseUrl: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

/** An RSS 2.0 feed of the newest public articles. */
export function rss(
  baseUrl: string,
  site: { clubName: string; description: string | null },
  articles: ArticleSummary[],
): string {
  const text = (value: string) => escapeHtml(value);
  const items = articles.map((article) => {
    const link = `${baseUrl}/clanky/${article.slug}`;
    return `<item><title>${text(article.title)}</title><link>${text(link)}</link><guid isPermaLink="true">${text(link)}</guid><pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>${
      article.perex ? `<description>${text(article.perex)}</description>` : ''
    }</item>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${text(site.clubName)}</title><link>${text(`${baseUrl}/`)}</link>`,
    `<description>${text(site.description ?? `Články: ${site.clubName}`)}</description><language>cs</language>`,
    `<atom:link href="${text(`${baseUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel></rss>',
  ].join('\n');
}
