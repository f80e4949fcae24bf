// What other modules may use of the content module.
export { withSanitizedHtml } from './content.rules.ts';
export { sanitizeRichText, VIDEO_HOSTS } from './html-sanitizer.ts';
export { slugify } from './slug.ts';
