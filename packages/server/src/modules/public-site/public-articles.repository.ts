import type { DynamicDb, Row } from '../../engine/declaration/entity.types.ts';

/** An uploaded image as pages show it: the file, its thumbnail and its size. */
export interface ImageRef {
  src: string;
  thumbnail: string | null;
  width: number | null;
  height: number | null;
}

export interface ArticleSummary {
  id: number;
  title: string;
  slug: string;
  perex: string | null;
  publishedAt: string;
  updatedAt: string;
  image: ImageRef | null;
}

export interface Article extends ArticleSummary {
  content: string | null;
  visibility: string;
  seoTitle: string | null;
  seoDescription: string | null;
  author: string | null;
  categories: Array<{ name: string; slug: string }>;
  tags: Array<{ name: string; slug: string }>;
}

/** A listing's filter: all public articles, or those of one category or tag (by id). */
export type ArticleFilter = { category: number } | { tag: number } | Record<string, never>;

/** A date-time column as ISO 8601 in UTC, whichever way the engine hands it over. */
export const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

const PUBLIC_VISIBILITIES = ['PUBLIC', 'PUBLIC_WITHOUT_SITEMAP'];
const SUMMARY_COLUMNS = [
  'a.id',
  'a.title',
  'a.slug',
  'a.perex',
  'a.published_at',
  'a.updated_at',
  'a.main_image',
];

/** Images by file id, for the image columns of `rows`. */
export async function imagesOf(db: DynamicDb, ids: Array<unknown>): Promise<Map<number, ImageRef>> {
  const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined).map(Number))];
  if (wanted.length === 0) return new Map();
  const files = await db
    .selectFrom('files')
    .select(['id', 'storage_key', 'thumbnail_key', 'width', 'height'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    files.map((file) => [
      Number(file.id),
      {
        src: `/files/${file.storage_key}`,
        thumbnail: file.thumbnail_key ? `/files/${file.thumbnail_key}` : null,
        width: file.width === null ? null : Number(file.width),
        height: file.height === null ? null : Number(file.height),
      },
    ]),
  );
}

const toSummary = (row: Row, images: Map<number, ImageRef>): ArticleSummary => ({
  id: Number(row.id),
  title: row.title as string,
  slug: row.slug as string,
  perex: (row.perex as string | null) ?? null,
  // A draft has no date yet: its preview shows the moment it is looked at.
  publishedAt: row.published_at === null ? new Date().toISOString() : iso(row.published_at),
  updatedAt: iso(row.updated_at),
  image: row.main_image === null ? null : (images.get(Number(row.main_image)) ?? null),
});

/** Articles the public may read at `now`: published, not in the future, not private. */
function publicArticles(db: DynamicDb, now: string, filter: ArticleFilter) {
  let query = db
    .selectFrom('articles as a')
    .where('a.visibility', 'in', PUBLIC_VISIBILITIES)
    .where('a.published_at', 'is not', null)
    .where('a.published_at', '<=', now);
  if ('category' in filter)
    query = query.where(
      'a.id',
      'in',
      db.selectFrom('articles_categories').select('owner_id').where('target_id', '=', filter.category),
    );
  if ('tag' in filter)
    query = query.where(
      'a.id',
      'in',
      db.selectFrom('articles_tags').select('owner_id').where('target_id', '=', filter.tag),
    );
  return query;
}

/** One page of public articles, newest first, and how many there are in all. */
export async function listArticles(
  db: DynamicDb,
  now: string,
  filter: ArticleFilter,
  limit: number,
  offset: number,
): Promise<{ items: ArticleSummary[]; total: number }> {
  const rows = await publicArticles(db, now, filter)
    .select(SUMMARY_COLUMNS)
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const counted = await publicArticles(db, now, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const images = await imagesOf(
    db,
    rows.map((row) => row.main_image),
  );
  return { items: rows.map((row) => toSummary(row, images)), total: Number(counted.n) };
}

async function linkedNames(db: DynamicDb, joinTable: string, table: string, articleId: number) {
  const rows = await db
    .selectFrom(`${joinTable} as j`)
    .innerJoin(`${table} as t`, 't.id', 'j.target_id')
    .select(['t.name', 't.slug'])
    .where('j.owner_id', '=', articleId)
    .orderBy('t.name_sort')
    .execute();
  return rows.map((row) => ({ name: row.name as string, slug: row.slug as string }));
}

/**
 * An article with everything its page shows: by slug when the public reads it (then only a public
 * one at `now`), by id for the staff's preview (any state).
 */
export async function findArticle(
  db: DynamicDb,
  key: { slug: string; now: string } | { id: number },
): Promise<Article | undefined> {
  const query =
    'slug' in key
      ? publicArticles(db, key.now, {}).where('a.slug', '=', key.slug)
      : db.selectFrom('articles as a').where('a.id', '=', key.id);
  const row = await query
    .leftJoin('authors as au', 'au.id', 'a.author')
    .select([
      ...SUMMARY_COLUMNS,
      'a.content',
      'a.visibility',
      'a.seo_title',
      'a.seo_description',
      'au.name as author_name',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const id = Number(row.id);
  const images = await imagesOf(db, [row.main_image]);
  return {
    ...toSummary(row, images),
    content: (row.content as string | null) ?? null,
    visibility: row.visibility as string,
    seoTitle: (row.seo_title as string | null) ?? null,
    seoDescription: (row.seo_description as string | null) ?? null,
    author: (row.author_name as string | null) ?? null,
    categories: await linkedNames(db, 'articles_categories', 'content_categories', id),
    tags: await linkedNames(db, 'articles_tags', 'tags', id),
  };
}

/** A category or tag by its slug. */
export function findTaxonomy(db: DynamicDb, table: 'content_categories' | 'tags', slug: string) {
  return db.selectFrom(table).selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Content categories in their order, for the navigation. */
export function listCategories(db: DynamicDb) {
  return db
    .selectFrom('content_categories')
    .select(['name', 'slug'])
    .orderBy('position')
    .orderBy('name_sort')
    .execute();
}

/** Every PUBLIC article (never PUBLIC_WITHOUT_SITEMAP or PRIVATE) published by `now`, for the sitemap. */
export function sitemapArticles(db: DynamicDb, now: string) {
  return db
    .selectFrom('articles')
    .select(['slug', 'updated_at'])
    .where('visibility', '=', 'PUBLIC')
    .where('published_at', 'is not', null)
    .where('published_at', '<=', now)
    .orderBy('published_at', 'desc')
    .execute();
}
