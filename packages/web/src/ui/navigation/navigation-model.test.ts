import type { Area } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { buildNavigation, type NavigableRoute } from './navigation-model.ts';

function route(name: string, zone: string, area: Area | undefined, extra: Partial<NavigableRoute> = {}) {
  return {
    name,
    path: `/admin/${name}`,
    title: name.toUpperCase(),
    zone,
    area,
    active: true,
    nav: true,
    ...extra,
  };
}

const ROUTES: NavigableRoute[] = [
  route('cms.index', 'cms', undefined, { nav: false }),
  route('members.list', 'members', 'members'),
  route('members.create', 'members', 'members', { nav: false }),
  route('members.pairing', 'members', 'members'),
  route('training.groups', 'training', 'training'),
  route('races.list', 'races', 'races', { active: false }),
  route('content.articles', 'content', 'content'),
  route('users.list', 'users', 'users'),
  route('web.sponsors', 'web', 'sponsors'),
  route('web.events', 'web', 'webEvents'),
];
const LABELS = {
  members: 'Členové',
  training: 'Tréninky',
  races: 'Závody',
  content: 'Obsah',
  users: 'Uživatelé',
  web: 'Web',
};
const ALL_SCREENS = new Set(ROUTES.map((entry) => entry.name));
const link = (entry: NavigableRoute) => entry.path.replace('/admin', '');

describe('navigation', () => {
  it('shows every active menu route with a screen to an admin, grouped by zone in table order', () => {
    const groups = buildNavigation({
      routes: ROUTES,
      roles: ['ROLE_ADMIN'],
      screens: ALL_SCREENS,
      zoneLabels: LABELS,
      link,
    });
    expect(groups.map((group) => group.label)).toEqual(['Členové', 'Tréninky', 'Obsah', 'Uživatelé', 'Web']);
    expect(groups[0]?.items).toEqual([
      { name: 'members.list', title: 'MEMBERS.LIST', to: '/members.list' },
      { name: 'members.pairing', title: 'MEMBERS.PAIRING', to: '/members.pairing' },
    ]);
  });

  it('leaves out inactive routes and routes not meant for the menu', () => {
    const groups = buildNavigation({
      routes: ROUTES,
      roles: ['ROLE_ROOT'],
      screens: ALL_SCREENS,
      zoneLabels: LABELS,
      link,
    });
    const names = groups.flatMap((group) => group.items.map((item) => item.name));
    expect(names).not.toContain('races.list');
    expect(names).not.toContain('members.create');
    expect(names).not.toContain('cms.index');
  });

  it('leaves out routes this app has no screen for', () => {
    const groups = buildNavigation({
      routes: ROUTES,
      roles: ['ROLE_ROOT'],
      screens: new Set(['members.list']),
      zoneLabels: LABELS,
      link,
    });
    expect(groups).toEqual([
      {
        zone: 'members',
        label: 'Členové',
        items: [{ name: 'members.list', title: 'MEMBERS.LIST', to: '/members.list' }],
      },
    ]);
  });

  it("shows only what the user's roles may open", () => {
    const salesman = buildNavigation({
      routes: ROUTES,
      roles: ['ROLE_SALESMAN'],
      screens: ALL_SCREENS,
      zoneLabels: LABELS,
      link,
    });
    expect(salesman).toEqual([
      {
        zone: 'web',
        label: 'Web',
        items: [
          { name: 'web.sponsors', title: 'WEB.SPONSORS', to: '/web.sponsors' },
          { name: 'web.events', title: 'WEB.EVENTS', to: '/web.events' },
        ],
      },
    ]);
    const trainer = buildNavigation({
      routes: ROUTES,
      roles: ['ROLE_USER'],
      screens: ALL_SCREENS,
      zoneLabels: LABELS,
      link,
    });
    expect(trainer.map((group) => group.zone)).toEqual(['members', 'training']);
  });

  it('shows nothing while the roles are not loaded', () => {
    expect(
      buildNavigation({ routes: ROUTES, roles: [], screens: ALL_SCREENS, zoneLabels: LABELS, link }),
    ).toEqual([]);
  });
});
