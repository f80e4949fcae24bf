import {
  allRoutes,
  can,
  findRoute,
  PERMISSIONS,
  ROLES,
  type Role,
  type RouteDefinition,
  type UserDto,
  ZONE_LABELS,
} from '@klubovna/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../api/api.ts';
import { fakeApi, renderApp } from '../test/render-app.tsx';
import { allScreens } from './screens.ts';

afterEach(() => {
  cleanup();
  setApiClient(null);
});

const userWith = (roles: Role[]): UserDto => ({
  id: 7,
  email: 'role@klub.cz',
  firstName: 'Role',
  lastName: 'Zkušební',
  roles,
  active: true,
});

/** Every screen of the signed-in shell, by its route in the shared table. */
const shellRoutes = () => {
  const screens = new Map<string, string>(allScreens().map((entry) => [entry.name, entry.layout]));
  return allRoutes().filter((route) => route.active && screens.get(route.name) === 'shell');
};

/** The route's address with its parameters filled in (edit screens get an id). */
const addressOf = (path: string) => path.replace(/\[[^\]]+\]/g, '1');

describe('every screen of the route table as each role, against the permission matrix', () => {
  it('sends an anonymous visitor of every shell screen to the sign-in page', async () => {
    for (const route of shellRoutes()) {
      const { router, unmount } = renderApp(addressOf(route.path), fakeApi(null));
      await screen.findByRole('heading', { name: 'Přihlášení' });
      expect(router.history.location.pathname, route.name).toBe('/login');
      unmount();
    }
  });

  /** Whether a person may open a route: the role's area in the matrix, then the route's audience. */
  const opens = (route: RouteDefinition, roles: Role[], trains: boolean) => {
    const area = 'area' in route ? route.area : undefined;
    const readable =
      area === undefined ||
      roles.some((role) => PERMISSIONS[role][area as keyof (typeof PERMISSIONS)[Role]] !== undefined);
    const office = roles.includes('ROLE_ROOT') || roles.includes('ROLE_ADMIN');
    const audience = 'audience' in route ? route.audience : undefined;
    if (audience === 'office') return readable && office;
    if (audience === 'trainer') return readable && (office || trains);
    if (audience === 'person') return readable && !office;
    return readable;
  };

  const people: Array<{ who: string; roles: Role[]; trains: boolean }> = [
    ...ROLES.map((role) => ({ who: role, roles: [role], trains: false })),
    { who: 'ROLE_USER training a group', roles: ['ROLE_USER'], trains: true },
  ];

  for (const { who, roles, trains } of people) {
    it(`opens exactly the screens and menu entries ${who} may open`, async () => {
      const club = { members: [], trains: trains ? [{ id: 1, name: 'Přípravka' }] : [] };
      const api = fakeApi(userWith(roles), (request) =>
        request.url === '/api/cms/me/club' ? { status: 200, body: { data: club } } : undefined,
      );
      const screens = new Set(shellRoutes().map((route) => route.name));
      // The menu: active listed routes with a screen that the person may open, in the zones' order.
      const zones = Object.keys(ZONE_LABELS);
      const expectedMenu = allRoutes()
        .filter((route) => route.active && 'nav' in route && route.nav && screens.has(route.name))
        .filter((route) => opens(route, roles, trains))
        .sort((a, b) => zones.indexOf(a.zone) - zones.indexOf(b.zone))
        .map((route) => route.path);
      // Everyone's home is the index; a person's own page follows it where it is for them.
      const top = opens(findRoute('cms.myClub')!, roles, trains) ? ['/admin', '/admin/muj-klub'] : ['/admin'];

      for (const route of shellRoutes()) {
        const { router, unmount } = renderApp(addressOf(route.path), api);
        const navigation = await screen.findByRole('navigation', { name: 'Hlavní navigace' });
        const area = 'area' in route ? route.area : undefined;
        expect(
          area === undefined || can(roles, area, 'read'),
          `${route.name}: the matrix and can() agree`,
        ).toBe(area === undefined || roles.some((role) => PERMISSIONS[role][area] !== undefined));
        const allowed = opens(route, roles, trains);
        // The trainer's screens open once the person's own club has come.
        await waitFor(() =>
          expect(
            screen.queryByRole('heading', { name: 'K této stránce nemáte přístup' }) === null,
            `${route.name} as ${who}`,
          ).toBe(allowed),
        );
        if (route.name === 'cms.index') expect(router.history.location.pathname).toBe('/');
        await waitFor(() =>
          expect(
            within(navigation)
              .getAllByRole('link')
              .map((link) => link.getAttribute('href')),
            `menu of ${who} on ${route.name}`,
          ).toEqual([...top, ...expectedMenu]),
        );
        unmount();
      }
    }, 120_000);
  }
});
