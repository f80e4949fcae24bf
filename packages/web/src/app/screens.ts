import type { RouteName } from '@klubovna/shared';
import type { ComponentType } from 'react';

/** Where a screen renders: the bare sign-in frame, or the authenticated shell. */
export type ScreenLayout = 'public' | 'shell';

export interface Screen {
  name: RouteName;
  layout: ScreenLayout;
  /** Loads the screen's zone chunk (each zone is one lazy chunk) and picks the page. */
  load: () => Promise<ComponentType>;
}

const authZone = () => import('../zones/auth/auth.zone.ts');
const membersZone = () => import('../zones/members/members.zone.ts');

/**
 * Every screen this app has. Routes of the shared table without an entry here are neither routed
 * nor linked, so the navigation never leads to a screen that does not exist.
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
  { name: 'cms.index', layout: 'shell', load: () => authZone().then((zone) => zone.CmsIndexPage) },
  { name: 'cms.userProfile', layout: 'shell', load: () => authZone().then((zone) => zone.ProfilePage) },
  { name: 'members.list', layout: 'shell', load: () => membersZone().then((zone) => zone.MemberListPage) },
  {
    name: 'members.create',
    layout: 'shell',
    load: () => membersZone().then((zone) => zone.MemberCreatePage),
  },
  { name: 'members.edit', layout: 'shell', load: () => membersZone().then((zone) => zone.MemberEditPage) },
];

export const SCREEN_NAMES: ReadonlySet<string> = new Set(SCREENS.map((screen) => screen.name));
