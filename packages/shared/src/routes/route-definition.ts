import type { Area } from '../permissions/matrix.ts';

export const ZONE_LABELS = {
  public: 'Web',
  auth: 'Přihlášení',
  cms: 'Klubovna',
  members: 'Členové',
  training: 'Tréninky',
  races: 'Závody',
  content: 'Obsah',
  users: 'Uživatelé',
  web: 'Web',
} as const;
export type Zone = keyof typeof ZONE_LABELS;

/**
 * Whom a screen is for, beyond its area: `office` – the club's office only (work over rows at large,
 * which row rules refuse to anyone they limit: bulk setup, import, pairing); `trainer` – the office and
 * people who train a group (the trainer's tools); `person` – people whom row rules limit, not the office
 * (their own page, where they land).
 */
export type Audience = 'office' | 'trainer' | 'person';

export interface RouteDefinition {
  name: string;
  /** Next.js-style path: `[param]`, `[...catchAll]`, `[[...optionalCatchAll]]`. */
  path: string;
  /** Czech screen title. */
  title: string;
  zone: Zone;
  /** Permission area whose read access opens the screen; none = any signed-in user (or public). */
  area?: Area;
  /** False while the screen is not built: it cannot be built into a URL and is never linked. */
  active: boolean;
  /** Listed in the navigation menu. */
  nav?: boolean;
  /**
   * Whom the screen is for besides its area (see `Audience`); default whoever may read the area.
   */
  audience?: Audience;
  /**
   * Alias of the entity whose list, create or edit screen this is. Such a screen is served by the
   * engine's generic pages whenever the server declares the entity (a custom screen may replace it),
   * and is linked only then.
   */
  entity?: string;
}

export type Crud = 'list' | 'create' | 'edit';

/** The list, create and edit screens of the entity `entity`; edit takes `?id=`. */
export function crud<Prefix extends string>(
  prefix: Prefix,
  entity: string,
  zone: Zone,
  area: Area,
  titles: Record<Crud, string>,
  paths: Partial<Record<Crud, string>> & { list: string },
) {
  const base = paths.list;
  const common = { zone, area, entity, active: true };
  return [
    { name: `${prefix}.list` as const, path: base, title: titles.list, nav: true, ...common },
    {
      name: `${prefix}.create` as const,
      path: paths.create ?? `${base}/create`,
      title: titles.create,
      ...common,
    },
    { name: `${prefix}.edit` as const, path: paths.edit ?? `${base}/edit`, title: titles.edit, ...common },
  ];
}
