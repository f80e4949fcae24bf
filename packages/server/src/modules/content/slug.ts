import type { Values } from '../../engine/declaration/entity.types.ts';
import type { DynamicDb } from '../../engine/records/records.repository.ts';

/**
 * Most characters of a generated slug: the slug fields' own limit, and what a path segment of the
 * public site's routes may hold (Fastify's `maxParamLength`, 100).
 */
const SLUG_MAX = 100;

/** `Žluťoučký kůň: úvod!` → `zlutoucky-kun-uvod`: lower case, no diacritics, words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/**
 * `beforeValidate` of an entity with a unique slug made from another field: an empty slug is
 * generated from `source`, with `-2`, `-3`… when another record has it already. A slug the user
 * wrote is kept as written (the engine's uniqueness check then names a clash).
 */
export function generatedSlug(table: string, source: string) {
  return async ({
    db,
    data,
    previous,
  }: {
    db: DynamicDb;
    data: Values;
    previous: { id: number } | null;
  }): Promise<Values> => {
    const given = typeof data.slug === 'string' ? data.slug.trim() : data.slug;
    const sourceText = data[source] ?? (previous as Values | null)?.[source];
    // On update a slug that is not sent stays as it is.
    if (previous && !('slug' in data)) return data;
    if (given || typeof sourceText !== 'string') return data;
    const base = slugify(sourceText) || 'zaznam';
    for (let suffix = 1; ; suffix += 1) {
      const candidate = suffix === 1 ? base : `${base.slice(0, SLUG_MAX - 6)}-${suffix}`;
      const taken = await db
        .selectFrom(table)
        .select('id')
        .where('slug', '=', candidate)
        .where('id', '!=', previous?.id ?? 0)
        .executeTakeFirst();
      if (!taken) return { ...data, slug: candidate };
    }
  };
}
