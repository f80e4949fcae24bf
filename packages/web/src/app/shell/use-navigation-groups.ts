import { ROUTES, type Role, type RouteName, ZONE_LABELS } from '@klubovna/shared';
import { useMemo } from 'react';
import { appPath } from '../../ui/navigation/app-path.ts';
import { buildNavigation, type NavigationGroup } from '../../ui/navigation/navigation-model.ts';
import { allScreens } from '../screens.ts';

/** The signed-in user's navigation from the shared route table. */
export function useNavigationModel(roles: readonly Role[]): NavigationGroup[] {
  return useMemo(
    () =>
      buildNavigation({
        routes: ROUTES,
        roles,
        screens: new Set(allScreens().map((screen) => screen.name)),
        zoneLabels: ZONE_LABELS,
        link: (route) => appPath(route.name as RouteName),
      }),
    [roles],
  );
}
