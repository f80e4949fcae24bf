import { findRoute } from '@klubovna/shared';
import type { ComponentType } from 'react';

export interface ScreenTitles {
  list: string;
  create: string;
  edit: string;
}

const screens = new Map<string, ComponentType>();

/**
 * The generic page of one entity route, made once per entity and kind and titled from the route
 * table. Create and edit are one component per entity, so saving a new record and moving to its
 * edit address keeps the form mounted.
 */
export function cachedEntityScreen(
  alias: string,
  routeName: string,
  kind: 'list' | 'form' | 'framed form',
  make: (titles: ScreenTitles) => ComponentType,
): ComponentType {
  const key = `${alias}:${kind}`;
  let screen = screens.get(key);
  if (!screen) {
    const prefix = routeName.slice(0, routeName.lastIndexOf('.'));
    const title = (crud: keyof ScreenTitles) => findRoute(`${prefix}.${crud}`)?.title ?? '';
    screen = make({ list: title('list'), create: title('create'), edit: title('edit') });
    screens.set(key, screen);
  }
  return screen;
}
