import { describe, expect, it } from 'vitest';
import { AREAS } from '../permissions/matrix.ts';
import { activeRoutes, entityRoutes, findRoute, ROUTES, ZONE_LABELS } from './route-table.ts';

/** Every screen path the product has, plus the public site's renewal page. */
const SPEC_PATHS = [
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
  ...['/admin/clenove', '/admin/kategorie', '/admin/skupiny', '/admin/clenove-skupiny'].flatMap(crud),
  '/admin/clenove/hromadne-parovani',
  // Guardians of minors and members' consents (beside the specification's member zone).
  ...['/admin/zakonni-zastupci', '/admin/souhlasy'].flatMap(crud),
  '/admin/clenove-skupiny/hromadne-nastaveni-skupiny',
  ...['/admin/treninky', '/admin/soustredeni', '/admin/zavody'].flatMap(crud),
  ...['/admin/obsah/clanky', '/admin/obsah/clanek/create', '/admin/obsah/clanek/edit'],
  ...['/admin/obsah/autori', '/admin/obsah/autor/create', '/admin/obsah/autor/edit'],
  ...['/admin/obsah/tagy', '/admin/obsah/tag/create', '/admin/obsah/tag/edit'],
  ...crud('/admin/obsah/kategorie'),
  ...['/admin/uzivatele', '/admin/uzivatel/create', '/admin/uzivatel/edit'],
  ...['/admin/uzivatel/pozvanka', '/admin/uzivatel/zmena-hesla', '/admin/web/konfigurace'],
  ...['/admin/web/udalosti', '/admin/web/team', '/admin/web/sponzori'].flatMap(crud),
];

/** Screens the product adds beside the specification's: the training zone's calendar, series, attendance; the trash; e-mail confirmation. */
const PRODUCT_PATHS = [
  ...['serie', 'kalendar', 'dochazka', 'statistiky'].map((slug) => `/admin/treninky/${slug}`),
  '/admin/kos',
  '/admin/import',
  // The own page of a member, a parent or a trainer.
  '/admin/muj-klub',
  // An own e-mail change is confirmed from the link mailed to the new address.
  '/admin/potvrzeni-emailu/[token]',
];

function crud(list: string): string[] {
  return [list, `${list}/create`, `${list}/edit`];
}

describe('route table', () => {
  it('holds every screen path of the product once, and nothing else', () => {
    const paths = ROUTES.map((route) => route.path);
    expect([...paths].sort()).toEqual([...SPEC_PATHS, ...PRODUCT_PATHS].sort());
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('activates the screens that are built, and every entity screen (served whenever the server declares the entity)', () => {
    const entityRoutes = ROUTES.filter((route) => 'entity' in route);
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
      'web.configuration',
      'cms.users',
      'users.invite',
      'users.changePassword',
    ];
    expect(activeRoutes().map((route) => route.name)).toEqual(
      ROUTES.filter((route) => 'entity' in route || built.includes(route.name)).map((route) => route.name),
    );
    expect(entityRoutes).toHaveLength(17 * 3);
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
    expect(area('consents.list')).toBe('consents');
    expect(area('groupMembers.bulkSetup')).toBe('training');
    expect(area('camps.edit')).toBe('training');
    expect(area('races.list')).toBe('races');
    expect(area('contentCategories.create')).toBe('content');
    expect(area('cms.users')).toBe('users');
    expect(area('cms.admin')).toBe('users');
    // One's own password is for everyone; setting another's (`?id=`) is checked by the server.
    expect(area('users.changePassword')).toBe('self');
    expect(area('web.configuration')).toBe('webConfig');
    expect(area('events.list')).toBe('webEvents');
    expect(area('team.edit')).toBe('team');
    expect(area('sponsors.create')).toBe('sponsors');
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
    expect(audience('members.list')).toBeUndefined();
    expect(audience('trainings.list')).toBeUndefined();
  });

  it('lists list screens in the navigation, never create or edit forms', () => {
    for (const route of ROUTES) {
      if (route.name.endsWith('.list')) expect(findRoute(route.name)?.nav, route.name).toBe(true);
      if (/\.(create|edit)$/.test(route.name)) expect(findRoute(route.name)?.nav, route.name).toBeFalsy();
    }
  });

  it('titles every route and labels every zone in Czech', () => {
    expect(findRoute('articles.create')).toMatchObject({ title: 'Nový článek', zone: 'content' });
    for (const route of ROUTES) expect(route.title.length, route.name).toBeGreaterThan(0);
    expect(ZONE_LABELS.members).toBe('Členové');
    expect(ZONE_LABELS.training).toBe('Tréninky');
    expect(findRoute('nope')).toBeUndefined();
  });
});
