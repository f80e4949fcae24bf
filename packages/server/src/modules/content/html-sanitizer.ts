import type SanitizeHtml from 'sanitize-html';

/** Hosts whose video players may be embedded in an article (https only). */
export const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

/**
 * What stored rich text may hold: the editor's own marks (headings, lists, links, quotes, images,
 * code) and video players of the allowed hosts. No scripts, styles, event handlers, forms or
 * `javascript:`/`data:` addresses; no `style` or `class` at all, so nothing can hide or overlay the page.
 */
const optionsOf = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    's',
    'u',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'hr',
    'code',
    'pre',
    'iframe',
  ],
  // `rel` and `loading` are what the transforms below set.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen', 'sandbox', 'loading'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the site without handing it over to the page they open.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    // An image the text does not describe is decorative to a screen reader (an empty `alt`), and a
    // player without a title is named as what it is: a public page never has an unnamed image or frame.
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' },
    }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        title: attribs.title ?? 'Video',
        sandbox: 'allow-scripts allow-same-origin allow-presentation',
        loading: 'lazy',
      },
    }),
  },
  // An image or a player whose address was refused is dropped whole.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
});

let sanitizer: Promise<(html: string) => string> | undefined;
/**
 * sanitize-html is loaded when the first rich text is saved, not at start: with htmlparser2 and
 * PostCSS it is seventy modules, a tenth of the server's cold start.
 */
function loadSanitizer(): Promise<(html: string) => string> {
  sanitizer ??= import('sanitize-html').then(({ default: sanitizeHtml }) => {
    const options = optionsOf(sanitizeHtml);
    return (html) => sanitizeHtml(html, options);
  });
  return sanitizer;
}

/** Rich text as it may be stored and shown: the allowlist above, empty results as null. */
export async function sanitizeRichText(html: string | null | undefined): Promise<string | null> {
  if (html === null || html === undefined) return null;
  const clean = (await loadSanitizer())(html).trim();
  return clean === '' ? null : clean;
}
