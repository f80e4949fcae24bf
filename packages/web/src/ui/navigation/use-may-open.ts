import { findRoute, type RouteName } from '@klubovna/shared';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { useTrains } from '../../api/use-my-club.ts';
import { mayOpen } from './navigation-model.ts';

/** Whether the signed-in person may open the route (its area and audience), for links to it. */
export function useMayOpen(name: RouteName): boolean {
  const { roles } = useCurrentUser();
  const trains = useTrains(roles);
  const route = findRoute(name);
  return route !== undefined && mayOpen(route, { roles, trains: trains === true });
}
