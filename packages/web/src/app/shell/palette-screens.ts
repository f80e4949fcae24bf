import { can, ROUTES, type Role, type RouteDefinition, type RouteName, ZONE_LABELS } from '@klubovna/shared';
import { appPath } from '../../ui/navigation/app-path.ts';
import type { NavigationGroup } from '../../ui/navigation/navigation-model.ts';

/** A screen the command palette can jump to. */
export interface PaletteScreen {
  name: string;
  title: string;
  zone: string;
  zoneLabel: string;
  /** Router link target. */
  to: string;
}

/**
 * Every screen of the navigation, and the create screens of entities the user may write (a new
 * record is the commonest jump after a list).
 */
export function paletteScreens(
  groups: readonly NavigationGroup[],
  roles: readonly Role[],
  screens: ReadonlySet<string>,
): PaletteScreen[] {
  const listed = groups.flatMap((group) =>
    group.items.map((item) => ({ ...item, zone: group.zone, zoneLabel: group.label })),
  );
  const routes: readonly RouteDefinition[] = ROUTES;
  const creating = routes
    .filter(
      (route) =>
        route.active &&
        route.name.endsWith('.create') &&
        screens.has(route.name) &&
        route.area !== undefined &&
        can(roles, route.area, 'write'),
    )
    .map((route) => ({
      name: route.name,
      title: route.title,
      zone: route.zone,
      zoneLabel: ZONE_LABELS[route.zone],
      to: appPath(route.name as RouteName),
    }));
  return [...listed, ...creating];
}
