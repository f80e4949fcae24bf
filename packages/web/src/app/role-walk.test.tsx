import { can, PERMISSIONS, ROLES, ROUTES, type Role, type UserDto } from '@klubovna/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../api/api.ts';
import { fakeApi, renderApp } from '../test/render-app.tsx';
import { DECLARED_ALIASES } from '../test/server-schemas.ts';
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
  const screens = new Map(allScreens(new Set(DECLARED_ALIASES)).map((entry) => [entry.name, entry.layout]));
  return ROUTES.filter((route) => route.active && screens.get(route.name) === 'shell');
};

/** The route's address with its parameters filled in (edit screens get an id). */
const addressOf = (path: string) => path.replace(/\[[^\]]+\]/g, '1');

describe('every screen of the route table as each role, against the permission matrix', () => {
  it('sends an anonymous visitor of every shell screen to the sign-in page', async () => {
    for (const route of shellRoutes()) {
      const { router, unmount } = renderApp(addressOf(route.path), fakeApi(null));
      await screen.findByRole('heading', { name: 'Přihlášení' });
      expect(router.state.location.pathname, route.name).toBe('/admin/login');
      unmount();
    }
  });

  for (const role of ROLES) {
    it(`opens exactly the screens and menu entries ${role} may read`, async () => {
      const roles: Role[] = [role];
      // The menu: active listed routes with a screen, whose area the role may read (PERMISSIONS).
      const readable = (area: string | undefined) =>
        area === undefined || PERMISSIONS[role][area as keyof (typeof PERMISSIONS)[Role]] !== undefined;
      const screens = new Set(shellRoutes().map((route) => route.name));
      const expectedMenu = ROUTES.filter(
        (route) => route.active && 'nav' in route && route.nav && screens.has(route.name),
      )
        .filter((route) => readable('area' in route ? route.area : undefined))
        .map((route) => route.path);

      for (const route of shellRoutes()) {
        const { unmount } = renderApp(addressOf(route.path), fakeApi(userWith(roles)));
        const navigation = await screen.findByRole('navigation', { name: 'Hlavní navigace' });
        const area = 'area' in route ? route.area : undefined;
        const allowed = area === undefined || can(roles, area, 'read');
        expect(readable(area), `${route.name}: the matrix and can() agree`).toBe(allowed);
        const refused = screen.queryByRole('heading', { name: 'K této stránce nemáte přístup' });
        expect(refused === null, `${route.name} as ${role}`).toBe(allowed);
        const menu = within(navigation)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href'));
        expect(menu, `menu of ${role} on ${route.name}`).toEqual(['/admin', ...expectedMenu]);
        unmount();
      }
    }, 120_000);
  }
});
