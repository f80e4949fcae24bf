import { type Area, type Audience, can, isOffice, type Role } from '@klubovna/shared';

/** The part of a named-route table entry the navigation reads. */
export interface NavigableRoute {
  name: string;
  path: string;
  title: string;
  zone: string;
  area?: Area;
  active: boolean;
  nav?: unknown;
  audience?: Audience;
}

/** Who looks: the signed-in person's roles, and whether they train a group (a relation, not a role). */
export interface Viewer {
  roles: readonly Role[];
  trains: boolean;
}

export interface NavigationItem {
  name: string;
  title: string;
  /** Router link target (without the `/admin` basename). */
  to: string;
}

export interface NavigationGroup {
  zone: string;
  label: string;
  items: NavigationItem[];
}

export interface NavigationInput<R extends NavigableRoute> {
  routes: readonly R[];
  viewer: Viewer;
  /** Names of routes this app has a screen for; others are never linked. */
  screens: ReadonlySet<string>;
  zoneLabels: Readonly<Record<string, string>>;
  /** Builds the link of a route (the app uses the shared URL builder). */
  link: (route: R) => string;
}

/** Whether the signed-in person may see and open the route: its area, then its audience. */
export function mayOpen(route: NavigableRoute, viewer: Viewer): boolean {
  if (route.area !== undefined && !can(viewer.roles, route.area, 'read')) return false;
  const office = isOffice(viewer.roles);
  switch (route.audience) {
    case 'office':
      return office;
    case 'trainer':
      return office || viewer.trains;
    case 'person':
      return !office;
    default:
      return true;
  }
}

/**
 * The navigation: routes that are active, meant for the menu, have a screen here and that the
 * person may open — grouped by zone in the order of `zoneLabels` (zones it does not name after them),
 * each zone's routes in the order given. Empty groups are left out.
 */
export function buildNavigation<R extends NavigableRoute>({
  routes,
  viewer,
  screens,
  zoneLabels,
  link,
}: NavigationInput<R>): NavigationGroup[] {
  const groups = new Map<string, NavigationGroup>();
  for (const route of routes) {
    if (!route.active || !route.nav || !screens.has(route.name) || !mayOpen(route, viewer)) continue;
    let group = groups.get(route.zone);
    if (!group) {
      group = { zone: route.zone, label: zoneLabels[route.zone] ?? route.zone, items: [] };
      groups.set(route.zone, group);
    }
    group.items.push({ name: route.name, title: route.title, to: link(route) });
  }
  const zones = Object.keys(zoneLabels);
  const rank = (zone: string) => (zones.includes(zone) ? zones.indexOf(zone) : zones.length);
  return [...groups.values()].sort((a, b) => rank(a.zone) - rank(b.zone));
}
