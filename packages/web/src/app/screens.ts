import { PAGE_META, ROUTES, type RouteName } from '@klubovna/shared';
import type { ComponentType } from 'react';
import { prefetchDatagrid } from '../engine/datagrid/prefetch.ts';
import { preloadOnIntent } from '../ui/preload-on-intent.ts';

/** Where a screen renders: the bare sign-in frame, or the authenticated shell. */
export type ScreenLayout = 'public' | 'shell';

export interface Screen {
  name: RouteName;
  layout: ScreenLayout;
  /** Loads the screen's zone chunk (each zone is one lazy chunk) and picks the page. */
  load: () => Promise<ComponentType>;
}

const authZone = () => import('../zones/auth/auth.zone.ts');
const accountZone = () => import('../zones/auth/account.zone.ts');
const trainingZone = () => import('../zones/training/training.zone.ts');
const campsZone = () => import('../zones/camps/camps.zone.ts');
const racesZone = () => import('../zones/races/races.zone.ts');
const membersZone = () => import('../zones/members/members.zone.ts');
const contentZone = () => import('../zones/content/content.zone.ts');
const webZone = () => import('../zones/web/web.zone.ts');
const trashZone = () => import('../zones/trash/trash.zone.ts');
const importZone = () => import('../zones/import/import.zone.ts');
const usersZone = () => import('../zones/users/users.zone.ts');
const entityListScreens = () => import('../engine/pages/entity-list-screen.tsx');
const entityFormScreens = () => import('../engine/pages/entity-form-screen.tsx');

/** Fetches the code of the generic list screen ahead of the first visit to one. */
export const preloadListScreens = (): void => void entityListScreens().catch(() => {});

/** Fetches the code of the generic form screen ahead of the first visit to one. */
export const preloadFormScreens = (): void => void entityFormScreens().catch(() => {});

/**
 * The screens written for this app. Besides them, every entity the server declares gets the engine's
 * generic list and form screens (see `allScreens`); an entry here with the name of an entity route
 * replaces its generic screen.
 */
export const SCREENS: readonly Screen[] = [
  { name: 'cms.login', layout: 'public', load: () => authZone().then((zone) => zone.LoginPage) },
  { name: 'cms.logout', layout: 'public', load: () => authZone().then((zone) => zone.LogoutPage) },
  {
    name: 'cms.forgottenPassword',
    layout: 'public',
    load: () => authZone().then((zone) => zone.ForgottenPasswordPage),
  },
  {
    name: 'cms.renewPassword',
    layout: 'public',
    load: () => authZone().then((zone) => zone.RenewPasswordPage),
  },
  {
    name: 'cms.confirmEmail',
    layout: 'public',
    load: () => accountZone().then((zone) => zone.ConfirmEmailPage),
  },
  { name: 'cms.index', layout: 'shell', load: () => accountZone().then((zone) => zone.CmsIndexPage) },
  { name: 'cms.userProfile', layout: 'shell', load: () => accountZone().then((zone) => zone.ProfilePage) },
  { name: 'cms.trash', layout: 'shell', load: () => trashZone().then((zone) => zone.TrashPage) },
  { name: 'cms.import', layout: 'shell', load: () => importZone().then((zone) => zone.ImportPage) },
  {
    name: 'groupMembers.bulkSetup',
    layout: 'shell',
    load: () => trainingZone().then((zone) => zone.BulkSetupPage),
  },
  { name: 'groups.create', layout: 'shell', load: () => trainingZone().then((zone) => zone.GroupFormPage) },
  { name: 'groups.edit', layout: 'shell', load: () => trainingZone().then((zone) => zone.GroupFormPage) },
  {
    name: 'trainings.create',
    layout: 'shell',
    load: () => trainingZone().then((zone) => zone.TrainingFormPage),
  },
  {
    name: 'trainings.edit',
    layout: 'shell',
    load: () => trainingZone().then((zone) => zone.TrainingFormPage),
  },
  { name: 'trainings.series', layout: 'shell', load: () => trainingZone().then((zone) => zone.SeriesPage) },
  {
    name: 'trainings.calendar',
    layout: 'shell',
    load: () => trainingZone().then((zone) => zone.WeekCalendarPage),
  },
  {
    name: 'trainings.attendance',
    layout: 'shell',
    load: () => trainingZone().then((zone) => zone.AttendancePage),
  },
  { name: 'trainings.stats', layout: 'shell', load: () => trainingZone().then((zone) => zone.StatsPage) },
  { name: 'camps.create', layout: 'shell', load: () => campsZone().then((zone) => zone.CampFormPage) },
  { name: 'camps.edit', layout: 'shell', load: () => campsZone().then((zone) => zone.CampFormPage) },
  { name: 'races.create', layout: 'shell', load: () => racesZone().then((zone) => zone.RaceFormPage) },
  { name: 'races.edit', layout: 'shell', load: () => racesZone().then((zone) => zone.RaceFormPage) },
  { name: 'members.create', layout: 'shell', load: () => membersZone().then((zone) => zone.MemberFormPage) },
  { name: 'members.edit', layout: 'shell', load: () => membersZone().then((zone) => zone.MemberFormPage) },
  {
    name: 'members.bulkPairing',
    layout: 'shell',
    load: () => membersZone().then((zone) => zone.BulkPairingPage),
  },
  { name: 'articles.edit', layout: 'shell', load: () => contentZone().then((zone) => zone.ArticleFormPage) },
  { name: 'team.list', layout: 'shell', load: () => webZone().then((zone) => zone.TeamOrderPage) },
  {
    name: 'web.configuration',
    layout: 'shell',
    load: () => webZone().then((zone) => zone.WebConfigurationPage),
  },
  // Users are a declared entity, but accounts are made with a password or an invitation, and their
  // list has activation and invitation buttons: the list and the new-user screens are written ones.
  { name: 'users.list', layout: 'shell', load: () => usersZone().then((zone) => zone.UsersListPage) },
  { name: 'cms.users', layout: 'shell', load: () => usersZone().then((zone) => zone.UsersListPage) },
  { name: 'users.create', layout: 'shell', load: () => usersZone().then((zone) => zone.UserCreatePage) },
  { name: 'users.edit', layout: 'shell', load: () => usersZone().then((zone) => zone.UserEditPage) },
  { name: 'users.invite', layout: 'shell', load: () => usersZone().then((zone) => zone.UserInvitePage) },
  {
    name: 'users.changePassword',
    layout: 'shell',
    load: () => accountZone().then((zone) => zone.UserPasswordPage),
  },
];

/** The entities the server declares, from the meta tag it puts into index.html. */
export function declaredEntities(doc: Document = document): ReadonlySet<string> {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PAGE_META.entities}"]`)?.content ?? '';
  return new Set(content.split(',').filter(Boolean));
}

/** The generic screens of declared entities' routes that no written screen replaces. */
function entityScreens(declared: ReadonlySet<string>): Screen[] {
  const written = new Set<string>(SCREENS.map((screen) => screen.name));
  return ROUTES.flatMap((route): Screen[] => {
    if (!('entity' in route) || !declared.has(route.entity) || written.has(route.name)) return [];
    const { entity, name } = route;
    const load = () => {
      if (!name.endsWith('.list'))
        return entityFormScreens().then((screens) => screens.entityFormScreen(entity, name));
      // A list's data is asked for while its code loads (see prefetchDatagrid); what has come by the
      // screen's first render, it renders with.
      void prefetchDatagrid(entity, new URLSearchParams(window.location.search));
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
 * Every screen this app has. Routes of the shared table without one are neither routed nor linked,
 * so the navigation never leads to a screen that does not exist.
 */
export function allScreens(declared: ReadonlySet<string> = declaredEntities()): Screen[] {
  return [...SCREENS, ...entityScreens(declared)];
}
