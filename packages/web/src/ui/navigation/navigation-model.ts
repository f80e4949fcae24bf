import { type Area, can, type Role } from '@klubovna/shared';

/** The part of a named-route table entry the navigation reads. */
export interface NavigableRoute {
  name: string;
  path: string;
  title: string;
  zone: string;
  area?: Area;
  active: boolean;
  nav?: unknown;
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
  roles: readonly Role[];
  /** Names of routes this app has a screen for; others are never linked. */
  screens: ReadonlySet<string>;
  zoneLabels: Readonly<Record<string, string>>;
  /** Builds the link of a route (the app uses the shared URL builder). */
  link: (route: R) => string;
}

/** Whether a signed-in user with `roles` may see and open the route. */
export function mayOpen(route: NavigableRoute, roles: readonly Role[]): boolean {
  return route.area === undefined || can(roles, route.area, 'read');
}

/**
 * The navigation: routes that are active, meant for the menu, have a screen here and that the
 * user's roles may open — grouped by zone in the table's order. Empty groups are left out.
 */
export function buildNavigation<R extends NavigableRoute>({
  routes,
  roles,
  screens,
  zoneLabels,
  link,
}: NavigationInput<R>): NavigationGroup[] {
  const groups = new Map<string, NavigationGroup>();
  for (const route of routes) {
    if (!route.active || !route.nav || !screens.has(route.name) || !mayOpen(route, roles)) continue;
    let group = groups.get(route.zone);
    if (!group) {
      group = { zone: route.zone, label: zoneLabels[route.zone] ?? route.zone, items: [] };
      groups.set(route.zone, group);
    }
    group.items.push({ name: route.name, title: route.title, to: link(route) });
  }
  return [...groups.values()];
}
