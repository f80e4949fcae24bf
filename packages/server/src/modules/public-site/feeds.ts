import { stripXmlForbidden } from '@klubovna/shared/validation/input-limits';
import { escapeHtml } from './html.ts';
import { type ArticleSummary, iso } from './public-articles.repository.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text for an XML element or a quoted attribute: escaped, and without the characters XML cannot carry
 * (text stored before they were dropped at the edge may hold them), so the document is well-formed
 * whatever was stored.
 */
export function escapeXml(text: string): string {
  return stripXmlForbidden(text).replace(/[&<>"]/g, (char) => XML_ESCAPES[char]!);
}

/** The site's own pages that are always in the sitemap. */
const FIXED_PAGES = ['/', '/clanky', '/udalosti', '/tym', '/sponzori'];

/** `/sitemap.xml` by the sitemaps.org 0.9 schema: the fixed pages, categories, tags and PUBLIC articles. */
export function sitemap(
  baseUrl: string,
  articles: Array<{ slug: unknown; updated_at: unknown }>,
  taxonomies: string[],
): string {
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(baseUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
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
  const items = articles.map((article) => {
    const link = `${baseUrl}/clanky/${article.slug}`;
    return `<item><title>${escapeXml(article.title)}</title><link>${escapeXml(link)}</link><guid isPermaLink="true">${escapeXml(link)}</guid><pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>${
      // RSS carries a description as HTML; a perex is plain text, so it is escaped as HTML first.
      article.perex ? `<description>${escapeXml(escapeHtml(article.perex))}</description>` : ''
    }</item>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${escapeXml(site.clubName)}</title><link>${escapeXml(`${baseUrl}/`)}</link>`,
    `<description>${escapeXml(site.description ?? `Články: ${site.clubName}`)}</description><language>cs</language>`,
    `<atom:link href="${escapeXml(`${baseUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel></rss>',
  ].join('\n');
}
