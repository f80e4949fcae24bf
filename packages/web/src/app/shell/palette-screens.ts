import { allRoutes, can, type RouteDefinition, type RouteName, ZONE_LABELS } from '@klubovna/shared';
import { appPath } from '../../ui/navigation/app-path.ts';
import { mayOpen, type NavigationGroup, type Viewer } from '../../ui/navigation/navigation-model.ts';

/** A screen the command palette can jump to. */
export interface PaletteScreen {
  name: string;
  title: string;
  zone: string;
  zoneLabel: string;
  /** Router link target. */
  to: string;
  /** The entity a create screen makes a record of: shown only where the person may create one. */
  creates?: string;
}

/**
 * Every screen of the navigation, and the create screens of entities the user may write (a new
 * record is the commonest jump after a list); the palette keeps those the entity's row rules let the
 * person create (`creates`).
 */
export function paletteScreens(
  groups: readonly NavigationGroup[],
  viewer: Viewer,
  screens: ReadonlySet<string>,
): PaletteScreen[] {
  const listed = groups.flatMap((group) =>
    group.items.map((item) => ({ ...item, zone: group.zone, zoneLabel: group.label })),
  );
  const routes: readonly RouteDefinition[] = allRoutes();
  const creating = routes
    .filter(
      (route) =>
        route.active &&
        route.name.endsWith('.create') &&
        screens.has(route.name) &&
        route.area !== undefined &&
        mayOpen(route, viewer) &&
        can(viewer.roles, route.area, 'write'),
    )
    .map((route) => ({
      name: route.name,
      title: route.title,
      zone: route.zone,
      zoneLabel: ZONE_LABELS[route.zone],
      to: appPath(route.name as RouteName),
      creates: route.entity,
    }));
  return [...listed, ...creating];
}
