import type { Area } from '../permissions/matrix.ts';

/** The zones' labels, in the navigation's order. */
export const ZONE_LABELS = {
  public: 'Web',
  auth: 'Přihlášení',
  members: 'Členové',
  training: 'Tréninky',
  races: 'Závody',
  content: 'Obsah',
  users: 'Uživatelé',
  web: 'Web',
  money: 'Platby',
  cms: 'Klubovna',
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

/**
 * An entity's list, create and edit screens, as its declaration names them: the zone they belong to
 * in the navigation, the list's address (create and edit default to `<list>/create` and
 * `<list>/edit`, which takes `?id=`) and the titles of the create and edit screens (the list is
 * titled by the entity's plural). Their routes are named `<alias>.list`, `<alias>.create`,
 * `<alias>.edit`.
 */
export interface EntityScreens {
  zone: Zone;
  list: string;
  create?: string;
  edit?: string;
  titles: { create: string; edit: string };
  /** Whom the screens are for beyond the area (see Audience); default whoever the area admits. */
  audience?: Audience;
}

/** The entity screens' route names: `<alias>.list`, `<alias>.create`, `<alias>.edit`. */
export type EntityRouteName = `${string}.${Crud}`;

/** The routes of an entity's list, create and edit screens (see EntityScreens). */
export function entityScreenRoutes(entity: {
  alias: string;
  area: Area;
  plural: string;
  screens: EntityScreens;
}): RouteDefinition[] {
  const { alias, area, plural, screens } = entity;
  const common = {
    zone: screens.zone,
    area,
    entity: alias,
    active: true,
    ...(screens.audience ? { audience: screens.audience } : {}),
  };
  return [
    { name: `${alias}.list`, path: screens.list, title: plural, nav: true, ...common },
    {
      name: `${alias}.create`,
      path: screens.create ?? `${screens.list}/create`,
      title: screens.titles.create,
      ...common,
    },
    {
      name: `${alias}.edit`,
      path: screens.edit ?? `${screens.list}/edit`,
      title: screens.titles.edit,
      ...common,
    },
  ];
}
