import type { EntityHooks, Values } from '../../engine/declaration/entity.types.ts';
import { sanitizeRichText } from './html-sanitizer.ts';
import { generatedSlug } from './slug.ts';

/** Rich text fields of a record as they may be stored: through the sanitiser's allowlist. */
export async function withSanitizedHtml(data: Values, fields: readonly string[]): Promise<Values> {
  const clean = { ...data };
  for (const field of fields)
    if (typeof clean[field] === 'string') clean[field] = await sanitizeRichText(clean[field]);
  return clean;
}

/**
 * The rules of a record with a slug made from `source` and rich text in `htmlFields`: the slug is
 * generated when left empty, the HTML cleaned on every save.
 */
export function sluggedHooks(table: string, source: string, htmlFields: readonly string[] = []): EntityHooks {
  const slug = generatedSlug(table, source);
  return {
    beforeValidate: (context) => slug(context),
    beforeCreate: ({ data }) => withSanitizedHtml(data, htmlFields),
    beforeUpdate: ({ data }) => withSanitizedHtml(data, htmlFields),
  };
}
