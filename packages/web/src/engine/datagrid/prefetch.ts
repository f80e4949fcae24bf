import { type DatagridSchema, firstPageParams, listFirstAnswers, settingsName } from '@klubovna/shared';
import { prefetchGet } from '../../api/prefetch-store.ts';
import type { UserConfigs } from '../../api/user-config.ts';
import { engineUrls } from '../engine-api.ts';

/**
 * Starts what a list needs before its first rows while the list's code is still loading: its schema
 * and the user's settings at once, then the first page of rows as the user's settings and the address
 * ask for it (firstPageParams, as the server names it in the list's page), so the rows need not wait
 * for the screen to render.
 * Resolves once the schema and the settings are in (or one has failed: the screen then asks itself),
 * so the screen's first render can have them.
 */
export function prefetchDatagrid(name: string, address: URLSearchParams): Promise<void> {
  const [schemaUrl, settingsUrl] = listFirstAnswers(name);
  const schemaAndSettings = Promise.all([
    prefetchGet<DatagridSchema>(schemaUrl),
    prefetchGet<UserConfigs>(settingsUrl),
  ]);
  schemaAndSettings
    .then(([schema, configs]) => {
      const stored = configs?.[settingsName(name)]?.data;
      return prefetchGet([engineUrls.datagridRows(name), firstPageParams(schema, stored, address)]);
    })
    .catch(() => {});
  return schemaAndSettings.then(
    () => {},
    () => {},
  );
}
