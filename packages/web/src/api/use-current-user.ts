import { API_PATHS, type Role, type UserDto } from '@klubovna/shared';
import useSWR, { type KeyedMutator } from 'swr';
import { apiGet } from './api.ts';
import { prefetchGet, takePrefetched, usePrefetchedInCache } from './prefetch-store.ts';

export const CURRENT_USER_KEY = API_PATHS.currentUser;

/** The signed-in user: the shell's prefetched answer when there is one, else asked for now. */
export async function fetchCurrentUser(): Promise<UserDto> {
  const data = await (takePrefetched<{ user: UserDto }>(CURRENT_USER_KEY) ??
    apiGet<{ user: UserDto }>(CURRENT_USER_KEY));
  return data.user;
}

/**
 * Asks for the signed-in user while the shell's code (and the API client's) is still loading;
 * useCurrentUser's first fetch takes the answer over, so it is asked for once. Resolves when the
 * answer is in (or has failed: useCurrentUser then asks again and handles the failure).
 */
export function prefetchCurrentUser(): Promise<void> {
  return prefetchGet<{ user: UserDto }>(CURRENT_USER_KEY).then(
    () => {},
    () => {},
  );
}

export interface CurrentUser {
  user: UserDto | undefined;
  /** The user's roles; an empty list while not loaded, so nothing is permitted before they are known. */
  roles: Role[];
  error: unknown;
  mutate: KeyedMutator<UserDto>;
}

const EMPTY_ROLES: Role[] = [];

/** The signed-in user. Fetched once: no revalidation on focus, reconnect or staleness (a 401 elsewhere ends it). */
export function useCurrentUser(): CurrentUser {
  // The prefetched answer, when it came with the shell's code: the first render already has the user.
  usePrefetchedInCache(CURRENT_USER_KEY, (answer: { user: UserDto }) => answer.user);
  // Only data and error are read: SWR re-renders for the states a hook reads, and the loading state
  // changing when the prefetched answer is handed over would render the whole shell again.
  const { data, error, mutate } = useSWR<UserDto>(CURRENT_USER_KEY, fetchCurrentUser, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    // The authenticated layout turns a failure here into the sign-in screen; no flash.
    onError: () => {},
  });
  return { user: data, roles: data?.roles ?? EMPTY_ROLES, error, mutate };
}
