import { API_PATHS, type Role, type UserDto } from '@klubovna/shared';
import useSWR, { type KeyedMutator, mutate } from 'swr';
import { api } from './api.ts';

export const CURRENT_USER_KEY = API_PATHS.currentUser;

export async function fetchCurrentUser(): Promise<UserDto> {
  const data = await api.get<{ user: UserDto }>(CURRENT_USER_KEY);
  return data.user;
}

/**
 * Asks for the signed-in user while the shell's code is still loading; the answer lands in SWR's cache
 * for useCurrentUser. A 401 leaves nothing behind: the shell asks again and sends the visitor to sign in.
 */
export function prefetchCurrentUser(): void {
  mutate(CURRENT_USER_KEY, fetchCurrentUser(), { revalidate: false, rollbackOnError: true }).catch(() => {});
}

export interface CurrentUser {
  user: UserDto | undefined;
  /** The user's roles; an empty list while not loaded, so nothing is permitted before they are known. */
  roles: Role[];
  isLoading: boolean;
  error: unknown;
  mutate: KeyedMutator<UserDto>;
}

const EMPTY_ROLES: Role[] = [];

/** The signed-in user. Fetched once: no revalidation on focus, reconnect or staleness (a 401 elsewhere ends it). */
export function useCurrentUser(): CurrentUser {
  const { data, error, isLoading, mutate } = useSWR<UserDto>(CURRENT_USER_KEY, fetchCurrentUser, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    // The authenticated layout turns a failure here into the sign-in screen; no flash.
    onError: () => {},
  });
  return { user: data, roles: data?.roles ?? EMPTY_ROLES, isLoading, error, mutate };
}
