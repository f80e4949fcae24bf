import type { Area, Role } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { hasOwnPage } from './home-route.ts';
import { buildNavigation, mayOpen, type NavigableRoute } from './navigation-model.ts';

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
  route('member.list', 'members', 'members'),
  route('member.create', 'members', 'members', { nav: false }),
  route('members.pairing', 'members', 'members'),
  route('training.groups', 'training', 'training'),
  route('race.list', 'races', 'races', { active: false }),
  route('content.articles', 'content', 'content'),
  route('user.list', 'users', 'users'),
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
      viewer: { roles: ['ROLE_ADMIN'], trains: false },
      screens: ALL_SCREENS,
      zoneLabels: LABELS,
      link,
    });
    expect(groups.map((group) => group.label)).toEqual(['Členové', 'Tréninky', 'Obsah', 'Uživatelé', 'Web']);
    expect(groups[0]?.items).toEqual([
      { name: 'member.list', title: 'MEMBER.LIST', to: '/member.list' },
      { name: 'members.pairing', title: 'MEMBERS.PAIRING', to: '/members.pairing' },
    ]);
  });

  it('leaves out inactive routes and routes not meant for the menu', () => {
    const groups = buildNavigation({
      routes: ROUTES,
      viewer: { roles: ['ROLE_ROOT'], trains: false },
      screens: ALL_SCREENS,
      zoneLabels: LABELS,
      link,
    });
    const names = groups.flatMap((group) => group.items.map((item) => item.name));
    expect(names).not.toContain('race.list');
    expect(names).not.toContain('member.create');
    expect(names).not.toContain('cms.index');
  });

  it('leaves out routes this app has no screen for', () => {
    const groups = buildNavigation({
      routes: ROUTES,
      viewer: { roles: ['ROLE_ROOT'], trains: false },
      screens: new Set(['member.list']),
      zoneLabels: LABELS,
      link,
    });
    expect(groups).toEqual([
      {
        zone: 'members',
        label: 'Členové',
        items: [{ name: 'member.list', title: 'MEMBER.LIST', to: '/member.list' }],
      },
    ]);
  });

  it("shows only what the user's roles may open", () => {
    const salesman = buildNavigation({
      routes: ROUTES,
      viewer: { roles: ['ROLE_SALESMAN'], trains: false },
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
      viewer: { roles: ['ROLE_USER'], trains: false },
      screens: ALL_SCREENS,
      zoneLabels: LABELS,
      link,
    });
    expect(trainer.map((group) => group.zone)).toEqual(['members', 'training']);
  });

  it('shows nothing while the roles are not loaded', () => {
    expect(
      buildNavigation({
        routes: ROUTES,
        viewer: { roles: [], trains: false },
        screens: ALL_SCREENS,
        zoneLabels: LABELS,
        link,
      }),
    ).toEqual([]);
  });

  it('keeps the office’s screens to the office, the trainer’s to the office and trainers, a person’s own page to people', () => {
    const bulk = route('training.bulk', 'training', 'training', { audience: 'office' });
    const attendance = route('training.attendance', 'training', 'training', { audience: 'trainer' });
    const own = route('cms.own', 'cms', 'members', { audience: 'person' });
    const open = (roles: Role[], trains: boolean) =>
      [bulk, attendance, own].filter((entry) => mayOpen(entry, { roles, trains })).map((entry) => entry.name);
    expect(open(['ROLE_ADMIN'], false)).toEqual(['training.bulk', 'training.attendance']);
    expect(open(['ROLE_ROOT', 'ROLE_USER'], false)).toEqual(['training.bulk', 'training.attendance']);
    expect(open(['ROLE_USER'], true)).toEqual(['training.attendance', 'cms.own']);
    expect(open(['ROLE_USER'], false)).toEqual(['cms.own']);
    // A person's own page is about members: a salesman has none.
    expect(open(['ROLE_SALESMAN'], false)).toEqual([]);
  });

  it('gives a member’s or parent’s account an own page, and neither the office nor the salesman', () => {
    expect(hasOwnPage(['ROLE_USER'])).toBe(true);
    expect(hasOwnPage(['ROLE_USER', 'ROLE_ADMIN'])).toBe(false);
    expect(hasOwnPage(['ROLE_ROOT'])).toBe(false);
    expect(hasOwnPage(['ROLE_SALESMAN'])).toBe(false);
  });
});
