import type { ComponentType } from 'react';
import { EntityFormPage } from './entity-form-page.tsx';
import { cachedEntityScreen } from './entity-screen.tsx';

/** The generic create and edit screen of an entity. */
export function entityFormScreen(alias: string, routeName: string): ComponentType {
  return cachedEntityScreen(alias, routeName, 'form', (titles) => () => (
    <EntityFormPage alias={alias} createTitle={titles.create} editTitle={titles.edit} />
  ));
}
