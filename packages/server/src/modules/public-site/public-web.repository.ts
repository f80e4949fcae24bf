import type { DynamicDb } from '../../engine/declaration/entity.types.ts';
import { consentInForce } from '../members/index.ts';
import { type ImageRef, imagesOf, iso } from './public-articles.repository.ts';

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

/**
 * The team as the public sees it: a club member only with their consent to their name on the public
 * site, and their photo only with their consent to photos.
 */
export async function listTeam(db: DynamicDb): Promise<TeamPerson[]> {
  const rows = await db
    .selectFrom('team_members')
    .selectAll()
    .select((eb) => consentInForce(eb, 'team_members.member', 'PUBLIC_PHOTOS').as('photo_allowed'))
    .where((eb) => consentInForce(eb, 'team_members.member', 'PUBLIC_NAME'))
    .orderBy('position')
    .orderBy('id')
    .execute();
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
    photo: row.photo === null || !row.photo_allowed ? null : (images.get(Number(row.photo)) ?? null),
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
