import {
  allRoutes,
  findRoute,
  matchRoute,
  PAGE_META,
  type RouteDefinition,
  type RouteName,
  registerEntityRoutes,
} from '@klubovna/shared';
import type { ComponentType } from 'react';
import { prefetchGet } from '../api/prefetch-store.ts';
import { prefetchDatagrid } from '../engine/datagrid/prefetch.ts';
import { prefetchForm } from '../engine/form/prefetch.ts';
import { preloadOnIntent } from '../ui/preload-on-intent.ts';
import { formOfRoute, SCREEN_TABLE, type ScreenEntry, type ScreenLayout } from './screen-table.ts';

export type { ScreenLayout } from './screen-table.ts';

export interface Screen {
  name: RouteName;
  layout: ScreenLayout;
  /** Loads the screen's zone chunk (each zone module is one lazy chunk) and picks the page. */
  load: () => Promise<ComponentType>;
}

/**
 * The chunks of SCREEN_TABLE's zones (the paths of ZONE_SOURCES, which the build checks: an import
 * must name its file literally for the bundler to split it off).
 */
const ZONES: Record<ScreenEntry['zone'], () => Promise<Record<string, unknown>>> = {
  auth: () => import('../zones/auth/auth.zone.ts'),
  account: () => import('../zones/auth/account.zone.ts'),
  training: () => import('../zones/training/training.zone.ts'),
  trainingSeries: () => import('../zones/training/series.zone.ts'),
  trainingCalendar: () => import('../zones/training/calendar.zone.ts'),
  attendance: () => import('../zones/training/attendance.zone.ts'),
  trainingStats: () => import('../zones/training/stats.zone.ts'),
  groupSetup: () => import('../zones/training/group-setup.zone.ts'),
  camps: () => import('../zones/camps/camps.zone.ts'),
  races: () => import('../zones/races/races.zone.ts'),
  members: () => import('../zones/members/members.zone.ts'),
  memberForm: () => import('../zones/members/member-form.zone.ts'),
  content: () => import('../zones/content/content.zone.ts'),
  web: () => import('../zones/web/web.zone.ts'),
  trash: () => import('../zones/trash/trash.zone.ts'),
  import: () => import('../zones/import/import.zone.ts'),
  users: () => import('../zones/users/users.zone.ts'),
  people: () => import('../zones/people/people.zone.ts'),
  money: () => import('../zones/money/money.zone.ts'),
};
const entityListScreens = () => import('../engine/pages/entity-list-screen.tsx');
const entityFormScreens = () => import('../engine/pages/entity-form-screen.tsx');
const formFrame = () => import('../engine/pages/form-frame.tsx');

/**
 * An entity's form screen (`load` gives its page) in the frame that paints its heading before the
 * form's code has come and run (see framedForm); it asks for the form's schema and record at once.
 */
function framedForm(entity: string, name: RouteName, load: () => Promise<ComponentType>) {
  prefetchForm(entity, addressAt(name));
  return formFrame().then((frame) => frame.framedForm(entity, name, load));
}

/** Fetches the code of the generic list screen ahead of the first visit to one. */
export const preloadListScreens = (): void => void entityListScreens().catch(() => {});

/** Fetches the code of the generic form screen ahead of the first visit to one. */
export const preloadFormScreens = (): void => void entityFormScreens().catch(() => {});

/**
 * The query of the address a screen's first answers depend on (a list's page, a form's `?id=`), when
 * the browser is at the screen's route already: a page loaded at its address. A navigation within the
 * app changes the address only once the screen's code has come, so its query is not known yet (the
 * screen's hooks then ask for what it needs).
 */
function addressAt(name: RouteName): URLSearchParams {
  const here = matchRoute(window.location.pathname)?.route.name === name;
  return new URLSearchParams(here ? window.location.search : '');
}

/**
 * The screens written for this app (SCREEN_TABLE), each loading its zone and picking its page; a
 * written entity form is framed as the generic one is (framedForm), and a screen with `answers` asks
 * for those.
 */
export const SCREENS: readonly Screen[] = SCREEN_TABLE.map(({ name, layout, zone, page, answers }) => ({
  name,
  layout,
  load: () => {
    const route = findRoute(name);
    const entity = route && formOfRoute(route);
    for (const answer of answers ?? []) void prefetchGet(answer).catch(() => {});
    const loadPage = () => ZONES[zone]().then((module) => module[page] as ComponentType);
    return entity ? framedForm(entity, name, loadPage) : loadPage();
  },
}));

const isRoute = (value: unknown): value is RouteDefinition =>
  typeof value === 'object' &&
  value !== null &&
  ['name', 'path', 'title', 'zone'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'string',
  );

/** The routes of the entity screens the server declares, from the meta tag it puts into index.html. */
export function declaredEntityRoutes(doc: Document = document): RouteDefinition[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PAGE_META.entityScreens}"]`)?.content;
  try {
    const routes: unknown = JSON.parse(content ?? '[]');
    return Array.isArray(routes) ? routes.filter(isRoute) : [];
  } catch {
    return [];
  }
}

/** Registers the entity screens the server declares (see declaredEntityRoutes): once, at start. */
export function startEntityScreens(doc: Document = document): void {
  registerEntityRoutes(declaredEntityRoutes(doc));
}

/** The generic screens of the registered entity routes that no written screen replaces. */
function entityScreens(): Screen[] {
  const written = new Set<string>(SCREENS.map((screen) => screen.name));
  return allRoutes().flatMap((route): Screen[] => {
    if (!route.entity || written.has(route.name)) return [];
    const { entity } = route;
    const name = route.name as RouteName;
    const load = () => {
      if (!name.endsWith('.list'))
        return framedForm(entity, name, () =>
          entityFormScreens().then((screens) => screens.entityFormScreen(entity, name)),
        );
      // A list's data is asked for while its code loads (see prefetchDatagrid); what has come by the
      // screen's first render, it renders with.
      void prefetchDatagrid(entity, addressAt(name));
      return entityListScreens().then((screens) => {
        // From a list people open a record: the form's code follows once they reach for something.
        preloadOnIntent(preloadFormScreens);
        return screens.entityListScreen(entity, name);
      });
    };
    return [{ name, layout: 'shell', load }];
  });
}

/**
 * Every screen this app has: the written ones whose routes exist (an entity's, when the server declares
 * its screens) and the generic ones of the other entity routes. Routes without a screen are neither
 * routed nor linked, so the navigation never leads to a screen that does not exist.
 */
export function allScreens(): Screen[] {
  return [...SCREENS.filter((screen) => findRoute(screen.name)), ...entityScreens()];
}
