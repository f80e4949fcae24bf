import type { DatagridSchema } from '@klubovna/shared';
import { mutate } from 'swr';
import { type ApiKey, apiFetcher } from '../../api/swr-config.ts';
import { USER_CONFIG_URL, type UserConfigs } from '../../api/user-config.ts';
import { engineUrls } from '../engine-api.ts';
import {
  datagridParams,
  defaultSettings,
  parseSettings,
  settingsName,
  viewFromAddress,
} from './datagrid-settings.ts';

const prefetched = new Map<string, Promise<unknown>>();

/**
 * Asks for an answer and puts it into SWR's cache when it arrives, once per page load; a failure (not
 * signed in yet) leaves nothing behind, so the screen asks again itself.
 */
function warm<T>(key: ApiKey): Promise<T> {
  const id = JSON.stringify(key);
  let answer = prefetched.get(id) as Promise<T> | undefined;
  if (!answer) {
    answer = mutate(key, apiFetcher<T>(key), { revalidate: false, rollbackOnError: true }) as Promise<T>;
    answer.catch(() => prefetched.delete(id));
    prefetched.set(id, answer);
  }
  return answer;
}

/**
 * Starts what a list needs before its first rows while the list's code is still loading: its schema
 * and the user's settings at once, then the first page of rows as the user's settings and the address
 * ask for it, so the rows need not wait for the screen to render first.
 */
export function prefetchDatagrid(name: string, address: URLSearchParams): void {
  void Promise.all([
    warm<DatagridSchema>(engineUrls.datagridSchema(name)),
    warm<UserConfigs>(USER_CONFIG_URL),
  ])
    .then(([schema, configs]) => {
      const stored = configs?.[settingsName(name)];
      const settings =
        (stored === undefined ? undefined : parseSettings(schema, stored.data)) ?? defaultSettings(schema);
      return warm([engineUrls.datagridRows(name), datagridParams(settings, viewFromAddress(address))]);
    })
    .catch(() => {});
}
