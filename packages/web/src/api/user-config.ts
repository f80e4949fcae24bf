import { API_PATHS } from '@klubovna/shared';
import { useCallback } from 'react';
import useSWR from 'swr';
import { api } from './api.ts';
import { usePrefetchedInCache } from './prefetch-store.ts';

export const USER_CONFIG_URL = API_PATHS.userConfig;

/** All of the signed-in user's settings, keyed by name, as `GET /api/cms/user-config` answers them. */
export type UserConfigs = Record<string, { data: unknown } | undefined>;

export function saveUserConfig(name: string, data: unknown): Promise<unknown> {
  return api.post(USER_CONFIG_URL, { name, data });
}

export interface UserConfig<T> {
  /** The stored value, or `fallback` when the key is absent. */
  value: T;
  /** False until the settings have loaded, so screens do not flash their defaults first. */
  loaded: boolean;
  /** The stored value once the settings have loaded: for work begun before they arrived. */
  read: () => Promise<T>;
  /** Stores the value for this user (optimistically: the screen updates at once). */
  save: (next: T) => Promise<void>;
  /** Forgets the stored value: the fallback applies again. */
  reset: () => Promise<void>;
}

/**
 * One named setting of the signed-in user. `parse` turns what was stored (possibly by an older
 * version of the app) into a valid value, or undefined to use `fallback`.
 */
export function useUserConfig<T>(
  name: string,
  fallback: T,
  parse: (stored: unknown) => T | undefined,
): UserConfig<T> {
  // A list's prefetched settings, when they came with its code: its first render already has them.
  usePrefetchedInCache(USER_CONFIG_URL);
  const { data, error, mutate } = useSWR<UserConfigs>(USER_CONFIG_URL, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  const stored = data?.[name];
  const value = (stored === undefined ? undefined : parse(stored.data)) ?? fallback;

  const write = useCallback(
    async (next: T | null) => {
      await mutate(
        async (current) => {
          await saveUserConfig(name, next);
          return { ...current, [name]: next === null ? undefined : { data: next } };
        },
        {
          optimisticData: (current) => ({ ...current, [name]: next === null ? undefined : { data: next } }),
          rollbackOnError: true,
          revalidate: false,
        },
      );
    },
    [mutate, name],
  );

  const read = useCallback(async () => {
    const configs = data ?? (await mutate().catch(() => undefined));
    const loaded = configs?.[name];
    return (loaded === undefined ? undefined : parse(loaded.data)) ?? fallback;
  }, [data, mutate, name, parse, fallback]);

  return {
    value,
    read,
    // A failed settings load must not keep the screen from working: defaults apply.
    loaded: data !== undefined || error !== undefined,
    save: write,
    reset: useCallback(() => write(null), [write]),
  };
}
