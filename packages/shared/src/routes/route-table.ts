import type { Crud, EntityRouteName, RouteDefinition } from './route-definition.ts';

export {
  type Audience,
  type Crud,
  type EntityRouteName,
  type EntityScreens,
  entityScreenRoutes,
  type RouteDefinition,
  ZONE_LABELS,
  type Zone,
} from './route-definition.ts';

/** The training zone's own screens beside the lists and forms. */
const TRAINING_SCREENS = {
  series: { slug: 'serie', title: 'Série tréninků' },
  calendar: { slug: 'kalendar', title: 'Kalendář tréninků' },
  attendance: { slug: 'dochazka', title: 'Docházka' },
  stats: { slug: 'statistiky', title: 'Statistiky docházky' },
} as const;

export const ROUTES = [
  { name: 'public.index', path: '/', title: 'Úvod', zone: 'public', active: false },
  {
    name: 'public.renewPassword',
    path: '/obnova-hesla/[token]',
    title: 'Obnova hesla',
    zone: 'public',
    active: false,
  },
  { name: 'cms.index', path: '/admin', title: 'Přehled', zone: 'cms', active: true },
  {
    // A member's, parent's or trainer's own page: where they land instead of the index.
    name: 'cms.myClub',
    path: '/admin/muj-klub',
    title: 'Můj klub',
    zone: 'cms',
    area: 'members',
    audience: 'person',
    active: true,
  },
  { name: 'cms.login', path: '/admin/login', title: 'Přihlášení', zone: 'auth', active: true },
  { name: 'cms.logout', path: '/admin/logout', title: 'Odhlášení', zone: 'auth', active: true },
  {
    name: 'cms.forgottenPassword',
    path: '/admin/forgotten-password',
    title: 'Zapomenuté heslo',
    zone: 'auth',
    active: true,
  },
  {
    name: 'cms.renewPassword',
    path: '/admin/renew-password/[token]',
    title: 'Nové heslo',
    zone: 'auth',
    active: true,
  },
  {
    name: 'cms.confirmEmail',
    path: '/admin/potvrzeni-emailu/[token]',
    title: 'Potvrzení e-mailu',
    zone: 'auth',
    active: true,
  },
  {
    name: 'cms.userProfile',
    path: '/admin/user/profile',
    title: 'Můj profil',
    zone: 'cms',
    area: 'self',
    active: true,
  },
  {
    name: 'cms.admin',
    path: '/admin/admin',
    title: 'Administrace',
    zone: 'users',
    area: 'users',
    active: false,
  },
  {
    name: 'cms.users',
    path: '/admin/users',
    title: 'Uživatelé CMS',
    zone: 'users',
    area: 'users',
    active: true,
  },
  {
    name: 'members.bulkPairing',
    path: '/admin/clenove/hromadne-parovani',
    title: 'Hromadné párování',
    zone: 'members',
    area: 'users',
    audience: 'office',
    active: true,
    nav: true,
  },
  {
    name: 'members.sportRegister',
    path: '/admin/rejstrik-sportu',
    title: 'Rejstřík sportu',
    zone: 'members',
    area: 'users',
    audience: 'office',
    active: true,
    nav: true,
  },
  {
    // A bank statement's upload: a dry run first, then the settlement; reached from the statements' list.
    name: 'payments.statementUpload',
    path: '/admin/platby/vypisy/nahrat',
    title: 'Nahrát výpis',
    zone: 'money',
    area: 'payments',
    audience: 'office',
    active: true,
  },
  {
    name: 'groupMembers.bulkSetup',
    path: '/admin/clenove-skupiny/hromadne-nastaveni-skupiny',
    title: 'Hromadné nastavení skupiny',
    zone: 'training',
    area: 'training',
    audience: 'office',
    active: true,
    nav: true,
  },
  ...(['series', 'calendar', 'attendance', 'stats'] as const).map((screen) => ({
    name: `trainings.${screen}` as const,
    path: `/admin/treninky/${TRAINING_SCREENS[screen].slug}`,
    title: TRAINING_SCREENS[screen].title,
    zone: 'training' as const,
    area: 'training' as const,
    audience: 'trainer' as const,
    active: true,
    nav: true,
  })),
  {
    name: 'users.invite',
    path: '/admin/uzivatel/pozvanka',
    title: 'Pozvat uživatele',
    zone: 'users',
    area: 'users',
    active: true,
    nav: true,
  },
  {
    // One's own password (any signed-in user); with `?id=` an admin sets another user's.
    name: 'users.changePassword',
    path: '/admin/uzivatel/zmena-hesla',
    title: 'Změna hesla',
    zone: 'users',
    area: 'self',
    active: true,
  },
  {
    name: 'web.configuration',
    path: '/admin/web/konfigurace',
    title: 'Konfigurace webu',
    zone: 'web',
    area: 'webConfig',
    active: true,
    nav: true,
  },
  // Deleted records of every entity; each user sees those of the entities they may read.
  { name: 'cms.trash', path: '/admin/kos', title: 'Koš', zone: 'cms', active: true, nav: true },
  // Import into the entity named by `?entity=`, reached from its list.
  {
    name: 'cms.import',
    path: '/admin/import',
    title: 'Import',
    zone: 'cms',
    audience: 'office',
    active: true,
  },
] as const satisfies readonly RouteDefinition[];

/**
 * A route's name: one of the table's, or an entity screen's (`member.list`), whose routes come from the
 * server's declarations (registerEntityRoutes).
 */
export type RouteName = (typeof ROUTES)[number]['name'] | EntityRouteName;

const tableByName = new Map<string, RouteDefinition>(ROUTES.map((route) => [route.name, route]));
let entityScreens: readonly RouteDefinition[] = [];
let everyRoute: readonly RouteDefinition[] = ROUTES;

/**
 * The routes of the entity screens the server declares (the app reads them from its page at start),
 * beside the table's. A later call replaces the earlier ones.
 */
export function registerEntityRoutes(routes: readonly RouteDefinition[]): void {
  entityScreens = routes;
  // An entity's list leads its zone in the navigation, before the zone's other screens.
  everyRoute = [...routes, ...ROUTES];
}

/** The registered entity screens' routes and the table's; a new array after each registration. */
export function allRoutes(): readonly RouteDefinition[] {
  return everyRoute;
}

export function findRoute(name: string): RouteDefinition | undefined {
  return tableByName.get(name) ?? entityScreens.find((route) => route.name === name);
}

export function activeRoutes(): RouteDefinition[] {
  return everyRoute.filter((route) => route.active);
}

/** The list, create and edit paths of an entity's screens, if it has them (among `routes`). */
export function entityRoutes(
  alias: string,
  routes: readonly RouteDefinition[] = entityScreens,
): { list: string; create: string; edit: string } | undefined {
  const path = (crud: Crud) => routes.find((route) => route.name === `${alias}.${crud}`)?.path;
  const list = path('list');
  const create = path('create');
  const edit = path('edit');
  return list && create && edit ? { list, create, edit } : undefined;
}
