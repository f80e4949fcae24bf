import { THUMBNAIL_WIDTH } from '../files/index.ts';
import { html, SafeHtml } from './html.ts';
import type { ImageRef } from './public-articles.repository.ts';

/** What the layout needs of the web configuration. */
export interface SiteConfig {
  clubName: string;
  logo: ImageRef | null;
  primaryColor: string;
  accentColor: string;
  contactEmail: string | null;
  phone: string | null;
  address: string | null;
  bankAccount: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  youtubeUrl: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  categories: Array<{ name: string; slug: string }>;
}

export interface PageMeta {
  /** The page's own title; the club's name is added. Null on the home page. */
  title: string | null;
  description?: string | null;
  /** Path of the page's canonical address. */
  path: string;
  type?: 'website' | 'article';
  image?: ImageRef | null;
  publishedAt?: string;
  /** Kept out of search engines (previews, 404). */
  noindex?: boolean;
}

/** An uploaded image with its thumbnail offered in `srcset`, so a phone takes the small one. */
export function picture(image: ImageRef, alt: string, sizes: string, className = ''): SafeHtml {
  const srcset =
    image.thumbnail && image.width && image.width > THUMBNAIL_WIDTH
      ? `${image.thumbnail} ${THUMBNAIL_WIDTH}w, ${image.src} ${image.width}w`
      : null;
  return html`<img class="${className}" src="${image.src}" ${srcset ? html`srcset="${srcset}" sizes="${sizes}"` : ''} ${
    image.width && image.height ? html`width="${image.width}" height="${image.height}"` : ''
  } alt="${alt}" loading="lazy" decoding="async">`;
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light;-webkit-text-size-adjust:100%}
body{margin:0;font:17px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f;background:#fff;overflow-wrap:break-word}
a{color:var(--primary)}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
img{max-width:100%;height:auto}
.skip{position:absolute;left:-9999px;top:0;background:#fff;color:var(--primary);padding:.5rem 1rem}
.skip:focus{left:1rem;z-index:10}
header{background:var(--primary);color:#fff}
header a{color:#fff}
.bar{max-width:70rem;margin:auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
.brand{display:flex;align-items:center;gap:.75rem;font-weight:700;font-size:1.25rem;text-decoration:none}
.brand img{height:2.5rem;width:auto}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
nav a{text-decoration:none;padding:.25rem 0;display:inline-block}
nav a[aria-current="page"]{text-decoration:underline;text-underline-offset:.3em}
main{max-width:70rem;margin:auto;padding:1.5rem 1rem 3rem}
h1{font-size:2rem;line-height:1.2;margin:.5rem 0 1rem}
h2{font-size:1.4rem;margin:2rem 0 .75rem}
.grid{display:grid;gap:1.5rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));list-style:none;padding:0;margin:0}
.card{border:1px solid #d0d0d7;border-radius:.5rem;overflow:hidden;display:flex;flex-direction:column}
.card img{aspect-ratio:16/9;object-fit:cover;width:100%}
.card .body{padding:1rem}
.card h3{margin:0 0 .25rem;font-size:1.15rem}
.muted{color:#52525b;font-size:.95rem}
.article{max-width:46rem}
.article .lead{font-size:1.15rem}
.article figure{margin:1rem 0}
.article iframe{width:100%;aspect-ratio:16/9;border:0}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.tags a{display:inline-block;border:1px solid var(--primary);border-radius:1rem;padding:0 .75rem;text-decoration:none}
.pager{display:flex;gap:1rem;justify-content:space-between;margin-top:2rem}
.events{list-style:none;padding:0}
.events li{border-left:4px solid var(--accent);padding:.25rem 0 .25rem 1rem;margin-bottom:1rem}
.sponsors{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:center;list-style:none;padding:0}
.sponsors img{max-height:4rem;width:auto}
.person img{border-radius:50%;width:8rem;height:8rem;object-fit:cover}
.notice{background:#fff4d6;border:1px solid #8a6100;padding:.5rem 1rem;color:#3d2b00}
footer{background:#f3f3f6;border-top:1px solid #d0d0d7}
footer .bar{align-items:flex-start}
footer address{font-style:normal}
`;

function navigation(config: SiteConfig, current: string): SafeHtml {
  const links: Array<[string, string]> = [
    ['/', 'Úvod'],
    ['/clanky', 'Články'],
    ...config.categories.map((category): [string, string] => [`/kategorie/${category.slug}`, category.name]),
    ['/udalosti', 'Události'],
    ['/tym', 'Tým'],
    ['/sponzori', 'Sponzoři'],
  ];
  return html`<nav aria-label="Hlavní navigace"><ul>${links.map(
    ([path, label]) =>
      html`<li><a href="${path}"${current === path ? html` aria-current="page"` : ''}>${label}</a></li>`,
  )}</ul></nav>`;
}

function footer(config: SiteConfig): SafeHtml {
  const social: Array<[string | null, string]> = [
    [config.facebookUrl, 'Facebook'],
    [config.instagramUrl, 'Instagram'],
    [config.youtubeUrl, 'YouTube'],
  ];
  return html`<footer><div class="bar"><address><strong>${config.clubName}</strong>${
    config.address
      ? html`<br>${config.address.split('\n').map((line, index) => html`${index ? html`<br>` : ''}${line}`)}`
      : ''
  }${config.phone ? html`<br>Telefon: <a href="tel:${config.phone.replace(/\s/g, '')}">${config.phone}</a>` : ''}${
    config.contactEmail
      ? html`<br>E-mail: <a href="mailto:${config.contactEmail}">${config.contactEmail}</a>`
      : ''
  }${config.bankAccount ? html`<br>Bankovní účet: ${config.bankAccount}` : ''}</address>
<ul class="tags" aria-label="Sociální sítě">${social
    .filter(([url]) => url)
    .map(([url, label]) => html`<li><a href="${url}" rel="noopener">${label}</a></li>`)}
<li><a href="/rss.xml">RSS</a></li></ul></div></footer>`;
}

/** A whole public page: head with canonical, Open Graph and Twitter tags, header, content, footer. */
export function layout(
  config: SiteConfig,
  baseUrl: string,
  meta: PageMeta,
  body: SafeHtml,
  current = meta.path,
): string {
  const title = meta.title ? `${meta.title} | ${config.clubName}` : (config.seoTitle ?? config.clubName);
  const description = meta.description ?? config.seoDescription ?? null;
  const url = `${baseUrl}${meta.path}`;
  const image = meta.image ?? config.logo;
  // Style text is not HTML: it goes in as it is, the colours checked to be nothing but colours.
  const colour = (value: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);
  const style = new SafeHtml(
    `:root{--primary:${colour(config.primaryColor, '#1c4f8c')};--accent:${colour(config.accentColor, '#b3261e')}}${STYLE}`,
  );
  return html`<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${description ? html`<meta name="description" content="${description}">` : ''}
${meta.noindex ? html`<meta name="robots" content="noindex">` : html`<link rel="canonical" href="${url}">`}
<meta property="og:site_name" content="${config.clubName}"><meta property="og:locale" content="cs_CZ">
<meta property="og:type" content="${meta.type ?? 'website'}"><meta property="og:title" content="${meta.title ?? title}">
<meta property="og:url" content="${url}">
${description ? html`<meta property="og:description" content="${description}">` : ''}
${image ? html`<meta property="og:image" content="${baseUrl}${image.src}">` : ''}
${meta.publishedAt ? html`<meta property="article:published_time" content="${meta.publishedAt}">` : ''}
<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}"><meta name="twitter:title" content="${meta.title ?? title}">
${description ? html`<meta name="twitter:description" content="${description}">` : ''}
${image ? html`<meta name="twitter:image" content="${baseUrl}${image.src}">` : ''}
<link rel="alternate" type="application/rss+xml" title="${config.clubName}: články" href="/rss.xml">
<style>${style}</style></head>
<body><a class="skip" href="#obsah">Přeskočit na obsah</a>
<header><div class="bar"><a class="brand" href="/">${config.logo ? html`<img src="${config.logo.thumbnail ?? config.logo.src}" alt="">` : ''}${config.clubName}</a>${navigation(config, current)}</div></header>
<main id="obsah">${body}</main>
${footer(config)}
</body></html>`.value;
}
