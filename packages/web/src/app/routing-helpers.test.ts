import { allRoutes, can, ROLES, ZONE_LABELS } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { declareEntities } from '../test/render-app.tsx';
import { DECLARED_ALIASES } from '../test/server-schemas.ts';
import { buildNavigation } from '../ui/navigation/navigation-model.ts';
import { passwordStrength } from '../zones/auth/components/password-strength.ts';
import { safeReturnTo } from '../zones/auth/components/return-to.ts';
import { loginTarget } from './login-target.ts';
import { findRoute } from './route-table.ts';
import { allScreens } from './screens.ts';

declareEntities(['member']);
const SCREENS = allScreens();
const SCREEN_NAMES = new Set<string>(SCREENS.map((screen) => screen.name));

describe('routing helpers', () => {
  it('builds the sign-in target with the page to return to', () => {
    expect(loginTarget('/login', { pathname: '/', search: '', hash: '' })).toBe('/login');
    expect(loginTarget('/login', { pathname: '/clenove/edit', search: '?id=5', hash: '' })).toBe(
      '/login?returnTo=%2Fclenove%2Fedit%3Fid%3D5',
    );
  });

  it('accepts only in-app return paths', () => {
    expect(safeReturnTo('/clenove/edit?id=5')).toBe('/clenove/edit?id=5');
    expect(safeReturnTo('/admin/user/profile')).toBe('/user/profile');
    expect(safeReturnTo('/admin')).toBe('/');
    expect(safeReturnTo('https://evil.example/')).toBe('/');
    expect(safeReturnTo('//evil.example/')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('/logout')).toBe('/');
    expect(safeReturnTo(null)).toBe('/');
  });

  it('rates passwords without composition rules', () => {
    expect(passwordStrength('').score).toBe(0);
    expect(passwordStrength('krátké').score).toBe(0);
    expect(passwordStrength('aaaaaaaaaaaa').score).toBe(1);
    expect(passwordStrength('kolo-les-voda-strom').score).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('Kolo-Les-Voda-2027!').score).toBe(4);
  });
});

describe('screens and the shared route table', () => {
  it('gives a declared entity its generic list, create and edit screens, and an undeclared one none', () => {
    expect([...SCREEN_NAMES].filter((name) => name.startsWith('member')).sort()).toEqual([
      'member.create',
      'member.edit',
      'member.list',
      'members.bulkPairing',
      'members.sportRegister',
    ]);
    expect([...SCREEN_NAMES].some((name) => name.startsWith('category.'))).toBe(false);
    declareEntities(['member', 'category']);
    const withCategories = allScreens().map((screen) => screen.name);
    declareEntities(['member']);
    expect(withCategories).toEqual(
      expect.arrayContaining(['category.list', 'category.create', 'category.edit']),
    );
  });

  it('routes only active routes, each from the table', () => {
    for (const screen of SCREENS) {
      expect(findRoute(screen.name)?.active, screen.name).toBe(true);
    }
  });

  it('never puts a route without a screen into any navigation', () => {
    for (const role of ROLES) {
      const groups = buildNavigation({
        routes: allRoutes(),
        viewer: { roles: [role], trains: false },
        screens: SCREEN_NAMES,
        zoneLabels: ZONE_LABELS,
        link: (route) => route.path,
      });
      for (const item of groups.flatMap((group) => group.items)) {
        const route = findRoute(item.name);
        expect(route?.active).toBe(true);
        expect(SCREEN_NAMES.has(item.name)).toBe(true);
        expect(route?.area === undefined || can([role], route.area)).toBe(true);
      }
    }
  });

  it('shows a zone once its screens exist and are active (here with every table route treated as built)', () => {
    declareEntities(DECLARED_ALIASES);
    const everyRoute = allRoutes().map((route) => ({ ...route, active: true }));
    const groups = buildNavigation({
      routes: everyRoute,
      viewer: { roles: ['ROLE_ADMIN'], trains: false },
      screens: new Set(everyRoute.map((route) => route.name)),
      zoneLabels: ZONE_LABELS,
      link: (route) => route.path,
    });
    expect(groups.map((group) => group.label)).toEqual([
      'Členové',
      'Tréninky',
      'Závody',
      'Obsah',
      'Uživatelé',
      'Web',
      'Platby',
      'Klubovna',
    ]);
    const salesman = buildNavigation({
      routes: everyRoute,
      viewer: { roles: ['ROLE_SALESMAN'], trains: false },
      screens: new Set(everyRoute.map((route) => route.name)),
      zoneLabels: ZONE_LABELS,
      link: (route) => route.path,
    });
    expect(salesman.map((group) => group.label)).toEqual(['Web', 'Klubovna']);
  });
});
