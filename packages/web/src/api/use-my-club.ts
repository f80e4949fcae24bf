import { API_PATHS, can, isOffice, type MyClub, type Role } from '@klubovna/shared';
import useSWR from 'swr';
import { usePrefetchedInCache } from './prefetch-store.ts';

export const MY_CLUB_KEY = API_PATHS.myClub;

/**
 * Whether a person's own club answer concerns them: people whom row rules limit and who have members'
 * data at all (the office sees every row; a salesman has no members).
 */
export const hasOwnClub = (roles: readonly Role[]): boolean =>
  !isOffice(roles) && can(roles, 'members', 'read');

/** The signed-in person's own members and the groups they train (`GET /api/cms/me/club`); null: not asked. */
export function useMyClub(ask = true) {
  const key = ask ? MY_CLUB_KEY : null;
  usePrefetchedInCache(key);
  return useSWR<MyClub>(key);
}

/**
 * Whether the person trains a group, for the screens shown to trainers: the office always; anyone else
 * from their own club's answer; undefined while it is not known.
 */
export function useTrains(roles: readonly Role[]): boolean | undefined {
  const office = isOffice(roles);
  const { data } = useMyClub(roles.length > 0 && !office && hasOwnClub(roles));
  if (office) return true;
  if (!hasOwnClub(roles)) return false;
  return data ? data.trains.length > 0 : undefined;
}
