import { findRoute } from '@klubovna/shared';
import type { ComponentType } from 'react';
import { EntityFormPage } from './entity-form-page.tsx';
import { EntityListPage } from './entity-list-page.tsx';

const pages = new Map<string, ComponentType>();

/**
 * The generic page of one entity route (`<prefix>.list`, `.create` or `.edit`), titled from the
 * route table. Create and edit are one component per entity, so saving a new record and moving to
 * its edit address keeps the form mounted.
 */
export function entityScreen(alias: string, routeName: string): ComponentType {
  const prefix = routeName.slice(0, routeName.lastIndexOf('.'));
  const kind = routeName.endsWith('.list') ? 'list' : 'form';
  const key = `${alias}:${kind}`;
  let page = pages.get(key);
  if (!page) {
    const title = (screen: string) => findRoute(`${prefix}.${screen}`)?.title ?? '';
    page =
      kind === 'list'
        ? () => <EntityListPage alias={alias} title={title('list')} />
        : () => <EntityFormPage alias={alias} createTitle={title('create')} editTitle={title('edit')} />;
    pages.set(key, page);
  }
  return page;
}
