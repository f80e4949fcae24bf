import { API_PATHS, isOffice, type MyClub, type Role } from '@klubovna/shared';
import useSWR from 'swr';
import { hasOwnPage } from '../ui/navigation/home-route.ts';
import { usePrefetchedInCache } from './prefetch-store.ts';

export const MY_CLUB_KEY = API_PATHS.myClub;

/** The signed-in person's own members and the groups they train (`GET /api/cms/me/club`); nothing when not asked. */
export function useMyClub(ask = true) {
  const key = ask ? MY_CLUB_KEY : null;
  // A prefetched answer (the page named it) is fresh: not asked for again on mount.
  const prefetched = usePrefetchedInCache(key);
  return useSWR<MyClub>(key, prefetched ? { revalidateOnMount: false } : {});
}

/**
 * Whether the person trains a group, for the screens shown to trainers: the office always; a person with
 * an own page (whom row rules limit) from its answer, undefined until it has come; anyone else never.
 */
export function useTrains(roles: readonly Role[]): boolean | undefined {
  const ownPage = roles.length > 0 && hasOwnPage(roles);
  const { data } = useMyClub(ownPage);
  if (isOffice(roles)) return true;
  if (!ownPage) return false;
  return data ? data.trains.length > 0 : undefined;
}
