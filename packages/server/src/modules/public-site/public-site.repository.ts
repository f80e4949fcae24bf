import type { DynamicDb, Row } from '../../engine/entity.types.ts';

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

export interface PublicEvent {
  title: string;
  startsAt: string;
  endsAt: string | null;
  place: string | null;
  link: string | null;
  description: string | null;
  image: ImageRef | null;
}

/** Public events not over at `now`, soonest first; or those already over, latest first. */
export async function listEvents(db: DynamicDb, now: string, when: 'upcoming' | 'past', limit: number) {
  const rows = await db
    .selectFrom('web_events')
    .selectAll()
    .where('visibility', '!=', 'PRIVATE')
    .where((eb) => eb.fn.coalesce('ends_at', 'starts_at'), when === 'upcoming' ? '>=' : '<', now)
    .orderBy('starts_at', when === 'upcoming' ? 'asc' : 'desc')
    .limit(limit)
    .execute();
  const images = await imagesOf(
    db,
    rows.map((row) => row.image),
  );
  return rows.map(
    (row): PublicEvent => ({
      title: row.title as string,
      startsAt: iso(row.starts_at),
      endsAt: row.ends_at === null ? null : iso(row.ends_at),
      place: (row.place as string | null) ?? null,
      link: (row.link as string | null) ?? null,
      description: (row.description as string | null) ?? null,
      image: row.image === null ? null : (images.get(Number(row.image)) ?? null),
    }),
  );
}

export interface TeamPerson {
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
  bio: string | null;
  photo: ImageRef | null;
}

export async function listTeam(db: DynamicDb): Promise<TeamPerson[]> {
  const rows = await db.selectFrom('team_members').selectAll().orderBy('position').orderBy('id').execute();
  const images = await imagesOf(
    db,
    rows.map((row) => row.photo),
  );
  return rows.map((row) => ({
    name: row.name as string,
    role: (row.role as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
    bio: (row.bio as string | null) ?? null,
    photo: row.photo === null ? null : (images.get(Number(row.photo)) ?? null),
  }));
}

export interface PublicSponsor {
  name: string;
  level: string;
  url: string | null;
  logo: ImageRef | null;
}

/** Sponsors active on `today` (a Prague date), by level and order. */
export async function listSponsors(db: DynamicDb, today: string, levels: readonly string[]) {
  const rows = await db
    .selectFrom('sponsors')
    .selectAll()
    .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', today)]))
    .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>=', today)]))
    .orderBy('position')
    .orderBy('name_sort')
    .execute();
  const images = await imagesOf(
    db,
    rows.map((row) => row.logo),
  );
  const rank = (level: unknown) => levels.indexOf(level as string);
  return rows
    .map(
      (row): PublicSponsor => ({
        name: row.name as string,
        level: row.level as string,
        url: (row.url as string | null) ?? null,
        logo: row.logo === null ? null : (images.get(Number(row.logo)) ?? null),
      }),
    )
    .sort((a, b) => rank(a.level) - rank(b.level));
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

/**
 * When what the public site shows last changed: the latest audited write (every create, update and
 * delete of a record is audited) or the latest scheduled article that has come out since.
 */
export async function lastChange(db: DynamicDb, now: string): Promise<Date> {
  const audit = await db
    .selectFrom('audit_log')
    .select('created_at')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const published = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.max('published_at').as('last'))
    .where('published_at', '<=', now)
    .executeTakeFirstOrThrow();
  const times = [audit?.created_at, published.last]
    .filter((value) => value !== null && value !== undefined)
    .map((value) => Date.parse(iso(value)));
  return new Date(Math.max(0, ...times));
}
