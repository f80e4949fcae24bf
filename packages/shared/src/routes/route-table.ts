import { type Crud, crud, type RouteDefinition } from './route-definition.ts';

export { type Audience, type RouteDefinition, ZONE_LABELS, type Zone } from './route-definition.ts';

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
  ...crud(
    'members',
    'member',
    'members',
    'members',
    { list: 'Členové', create: 'Nový člen', edit: 'Úprava člena' },
    { list: '/admin/clenove' },
  ),
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
  ...crud(
    'guardians',
    'guardian',
    'members',
    'members',
    { list: 'Zákonní zástupci', create: 'Nový zákonný zástupce', edit: 'Úprava zákonného zástupce' },
    { list: '/admin/zakonni-zastupci' },
  ),
  ...crud(
    'consents',
    'consent',
    'members',
    'consents',
    { list: 'Souhlasy', create: 'Nový souhlas', edit: 'Úprava souhlasu' },
    { list: '/admin/souhlasy' },
  ),
  ...crud(
    'categories',
    'category',
    'training',
    'training',
    { list: 'Kategorie', create: 'Nová kategorie', edit: 'Úprava kategorie' },
    { list: '/admin/kategorie' },
  ),
  ...crud(
    'groups',
    'group',
    'training',
    'training',
    { list: 'Skupiny', create: 'Nová skupina', edit: 'Úprava skupiny' },
    { list: '/admin/skupiny' },
  ),
  ...crud(
    'groupMembers',
    'group-member',
    'training',
    'training',
    { list: 'Členové skupin', create: 'Nový člen skupiny', edit: 'Úprava člena skupiny' },
    { list: '/admin/clenove-skupiny' },
  ),
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
  ...crud(
    'trainings',
    'training',
    'training',
    'training',
    { list: 'Tréninky', create: 'Nový trénink', edit: 'Úprava tréninku' },
    { list: '/admin/treninky' },
  ),
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
  ...crud(
    'camps',
    'camp',
    'training',
    'training',
    { list: 'Soustředění', create: 'Nové soustředění', edit: 'Úprava soustředění' },
    { list: '/admin/soustredeni' },
  ),
  ...crud(
    'races',
    'race',
    'races',
    'races',
    { list: 'Závody', create: 'Nový závod', edit: 'Úprava závodu' },
    { list: '/admin/zavody' },
  ),
  ...crud(
    'articles',
    'article',
    'content',
    'content',
    { list: 'Články', create: 'Nový článek', edit: 'Úprava článku' },
    { list: '/admin/obsah/clanky', create: '/admin/obsah/clanek/create', edit: '/admin/obsah/clanek/edit' },
  ),
  ...crud(
    'authors',
    'author',
    'content',
    'content',
    { list: 'Autoři', create: 'Nový autor', edit: 'Úprava autora' },
    { list: '/admin/obsah/autori', create: '/admin/obsah/autor/create', edit: '/admin/obsah/autor/edit' },
  ),
  ...crud(
    'tags',
    'tag',
    'content',
    'content',
    { list: 'Tagy', create: 'Nový tag', edit: 'Úprava tagu' },
    { list: '/admin/obsah/tagy', create: '/admin/obsah/tag/create', edit: '/admin/obsah/tag/edit' },
  ),
  ...crud(
    'contentCategories',
    'content-category',
    'content',
    'content',
    { list: 'Kategorie obsahu', create: 'Nová kategorie obsahu', edit: 'Úprava kategorie obsahu' },
    { list: '/admin/obsah/kategorie' },
  ),
  ...crud(
    'users',
    'user',
    'users',
    'users',
    { list: 'Uživatelé', create: 'Nový uživatel', edit: 'Úprava uživatele' },
    { list: '/admin/uzivatele', create: '/admin/uzivatel/create', edit: '/admin/uzivatel/edit' },
  ),
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
  ...crud(
    'events',
    'event',
    'web',
    'webEvents',
    { list: 'Události', create: 'Nová událost', edit: 'Úprava události' },
    { list: '/admin/web/udalosti' },
  ),
  ...crud(
    'team',
    'team-member',
    'web',
    'team',
    { list: 'Tým', create: 'Nový člen týmu', edit: 'Úprava člena týmu' },
    { list: '/admin/web/team' },
  ),
  ...crud(
    'sponsors',
    'sponsor',
    'web',
    'sponsors',
    { list: 'Sponzoři', create: 'Nový sponzor', edit: 'Úprava sponzora' },
    { list: '/admin/web/sponzori' },
  ),
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

export type RouteName = (typeof ROUTES)[number]['name'];

const byName = new Map<string, RouteDefinition>(ROUTES.map((route) => [route.name, route]));

export function findRoute(name: string): RouteDefinition | undefined {
  return byName.get(name);
}

export function activeRoutes(): RouteDefinition[] {
  return ROUTES.filter((route) => route.active);
}

/** The list, create and edit paths of an entity's screens, if the table has them. */
export function entityRoutes(alias: string): { list: string; create: string; edit: string } | undefined {
  const path = (crud: Crud) =>
    ROUTES.find((route) => 'entity' in route && route.entity === alias && route.name.endsWith(`.${crud}`))
      ?.path;
  const list = path('list');
  const create = path('create');
  const edit = path('edit');
  return list && create && edit ? { list, create, edit } : undefined;
}
