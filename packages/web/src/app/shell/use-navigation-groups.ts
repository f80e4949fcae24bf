import { allRoutes, type RouteName, ZONE_LABELS } from '@klubovna/shared';
import { useMemo } from 'react';
import { appPath } from '../../ui/navigation/app-path.ts';
import { buildNavigation, type NavigationGroup, type Viewer } from '../../ui/navigation/navigation-model.ts';
import { allScreens } from '../screens.ts';

/** The signed-in person's navigation from the shared route table. */
export function useNavigationModel({ roles, trains }: Viewer): NavigationGroup[] {
  return useMemo(
    () =>
      buildNavigation({
        routes: allRoutes(),
        viewer: { roles, trains },
        screens: new Set(allScreens().map((screen) => screen.name)),
        zoneLabels: ZONE_LABELS,
        link: (route) => appPath(route.name as RouteName),
      }),
    [roles, trains],
  );
}
