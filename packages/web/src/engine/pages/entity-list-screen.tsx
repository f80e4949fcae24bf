import type { ComponentType } from 'react';
import { EntityListPage } from './entity-list-page.tsx';
import { cachedEntityScreen } from './entity-screen.tsx';

/** The generic list screen of an entity (its own chunk: a list does not load the form's code). */
export function entityListScreen(alias: string, routeName: string): ComponentType {
  return cachedEntityScreen(alias, routeName, 'list', (titles) => () => (
    <EntityListPage alias={alias} title={titles.list} />
  ));
}
