import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../permissions/matrix.ts';
import { buildUrl, matchRoute } from './build-url.ts';
import {
  activeRoutes,
  allRoutes,
  entityRoutes,
  entityScreenRoutes,
  findRoute,
  ROUTES,
  registerEntityRoutes,
  ZONE_LABELS,
} from './route-table.ts';

/** Screens beside the entities' lists and forms (those come from the server's declarations). */
const TABLE_PATHS = [
  '/',
  '/obnova-hesla/[token]',
  '/admin',
  '/admin/login',
  '/admin/logout',
  '/admin/forgotten-password',
  '/admin/renew-password/[token]',
  '/admin/user/profile',
  '/admin/admin',
  '/admin/users',
  '/admin/clenove/hromadne-parovani',
  '/admin/rejstrik-sportu',
  '/admin/platby/vypisy/nahrat',
  '/admin/clenove-skupiny/hromadne-nastaveni-skupiny',
  ...['/admin/uzivatel/pozvanka', '/admin/uzivatel/zmena-hesla', '/admin/web/konfigurace'],
  ...['serie', 'kalendar', 'dochazka', 'statistiky'].map((slug) => `/admin/treninky/${slug}`),
  '/admin/kos',
  '/admin/import',
  '/admin/muj-klub',
  '/admin/potvrzeni-emailu/[token]',
];

const ARTICLE_SCREENS = entityScreenRoutes({
  alias: 'article',
  area: 'content',
  plural: 'Články',
  screens: {
    zone: 'content',
    list: '/admin/obsah/clanky',
    create: '/admin/obsah/clanek/create',
    edit: '/admin/obsah/clanek/edit',
    titles: { create: 'Nový článek', edit: 'Úprava článku' },
  },
});
const MEMBER_SCREENS = entityScreenRoutes({
  alias: 'member',
  area: 'members',
  plural: 'Členové',
  screens: { zone: 'members', list: '/admin/clenove', titles: { create: 'Nový člen', edit: 'Úprava člena' } },
});

describe('route table', () => {
  beforeAll(() => registerEntityRoutes([...MEMBER_SCREENS, ...ARTICLE_SCREENS]));
  afterAll(() => registerEntityRoutes([]));

  it('holds every screen path beside the entity screens once, and nothing else', () => {
    const paths = ROUTES.map((route) => route.path);
    expect([...paths].sort()).toEqual([...TABLE_PATHS].sort());
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('activates the screens that are built, and every registered entity screen', () => {
    const built = [
      'cms.index',
      'cms.myClub',
      'cms.login',
      'cms.logout',
      'cms.forgottenPassword',
      'cms.renewPassword',
      'cms.userProfile',
      'cms.trash',
      'cms.import',
      'cms.confirmEmail',
      'groupMembers.bulkSetup',
      'trainings.series',
      'trainings.calendar',
      'trainings.attendance',
      'trainings.stats',
      'members.bulkPairing',
      'members.sportRegister',
      'payments.statementUpload',
      'web.configuration',
      'cms.users',
      'users.invite',
      'users.changePassword',
    ];
    expect(activeRoutes().map((route) => route.name)).toEqual([
      ...[...MEMBER_SCREENS, ...ARTICLE_SCREENS].map((route) => route.name),
      ...ROUTES.filter((route) => built.includes(route.name)).map((route) => route.name),
    ]);
  });

  it("derives an entity's screens from its declaration: named by its alias, titled by its plural, at `<list>/create` and `<list>/edit` unless it names others", () => {
    expect(MEMBER_SCREENS).toEqual([
      expect.objectContaining({ name: 'member.list', path: '/admin/clenove', title: 'Členové', nav: true }),
      expect.objectContaining({ name: 'member.create', path: '/admin/clenove/create', title: 'Nový člen' }),
      expect.objectContaining({ name: 'member.edit', path: '/admin/clenove/edit', title: 'Úprava člena' }),
    ]);
    for (const route of MEMBER_SCREENS)
      expect(route).toMatchObject({ zone: 'members', area: 'members', entity: 'member', active: true });
  });

  it('builds and matches the registered entity screens, and forgets them when another set is registered', () => {
    expect(buildUrl('member.edit', { id: 7 })).toBe('/admin/clenove/edit?id=7');
    expect(matchRoute('/admin/obsah/clanek/create')?.route.name).toBe('article.create');
    registerEntityRoutes(ARTICLE_SCREENS);
    expect(matchRoute('/admin/clenove')).toBeNull();
    expect(findRoute('member.list')).toBeUndefined();
    expect(allRoutes()).toHaveLength(ROUTES.length + 3);
    registerEntityRoutes([...MEMBER_SCREENS, ...ARTICLE_SCREENS]);
    expect(matchRoute('/admin/clenove')?.route.name).toBe('member.list');
  });

  it('names each entity’s list, create and edit screens once', () => {
    expect(entityRoutes('member')).toEqual({
      list: '/admin/clenove',
      create: '/admin/clenove/create',
      edit: '/admin/clenove/edit',
    });
    expect(entityRoutes('article')).toEqual({
      list: '/admin/obsah/clanky',
      create: '/admin/obsah/clanek/create',
      edit: '/admin/obsah/clanek/edit',
    });
    expect(entityRoutes('unknown')).toBeUndefined();
  });

  it('guards each zone with its permission area', () => {
    const area = (name: string) => findRoute(name)?.area;
    // Pairing accounts with members is account management: the office's.
    expect(area('members.bulkPairing')).toBe('users');
    expect(area('groupMembers.bulkSetup')).toBe('training');
    expect(area('article.edit')).toBe('content');
    expect(area('cms.users')).toBe('users');
    expect(area('cms.admin')).toBe('users');
    // One's own password is for everyone; setting another's (`?id=`) is checked by the server.
    expect(area('users.changePassword')).toBe('self');
    expect(area('web.configuration')).toBe('webConfig');
    expect(area('cms.userProfile')).toBe('self');
    expect(area('cms.login')).toBeUndefined();
    for (const route of ROUTES) {
      if (route.zone.match(/^(members|training|races|content|users|web)$/)) {
        expect(AREAS, route.name).toContain(findRoute(route.name)?.area);
      }
    }
  });

  it('says which screens are the office’s, the trainers’ and a person’s own, beyond their areas', () => {
    const audience = (name: string) => findRoute(name)?.audience;
    // Work over rows at large, which row rules refuse to anyone they limit.
    for (const name of ['groupMembers.bulkSetup', 'cms.import', 'members.bulkPairing'])
      expect(audience(name), name).toBe('office');
    for (const name of ['trainings.series', 'trainings.calendar', 'trainings.attendance', 'trainings.stats'])
      expect(audience(name), name).toBe('trainer');
    expect(findRoute('cms.myClub')).toMatchObject({ audience: 'person', area: 'members', title: 'Můj klub' });
    // Lists of entities stay: each shows a person their own rows.
    expect(audience('member.list')).toBeUndefined();
  });

  it('lists list screens in the navigation, never create or edit forms', () => {
    for (const route of allRoutes()) {
      if (route.name.endsWith('.list')) expect(findRoute(route.name)?.nav, route.name).toBe(true);
      if (/\.(create|edit)$/.test(route.name)) expect(findRoute(route.name)?.nav, route.name).toBeFalsy();
    }
  });

  it('titles every route and labels every zone in Czech', () => {
    expect(findRoute('article.create')).toMatchObject({ title: 'Nový článek', zone: 'content' });
    for (const route of allRoutes()) expect(route.title.length, route.name).toBeGreaterThan(0);
    expect(ZONE_LABELS.members).toBe('Členové');
    expect(ZONE_LABELS.training).toBe('Tréninky');
    expect(findRoute('nope')).toBeUndefined();
  });
});
