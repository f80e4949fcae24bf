import { API_PATHS, formFirstAnswers, listFirstAnswers, type RouteName } from '@klubovna/shared';

// Which code each written screen is: plain data, read by the app (screens.ts) and by the build, which
// lists every route's chunks and first answers for the server to preload (build/route-preloads.ts).
// No imports of the app's code.

/** Where a screen renders: the bare sign-in frame, or the authenticated shell. */
export type ScreenLayout = 'public' | 'shell';

/** Each zone is one lazy chunk; the generic list and form screens of entities are two more. */
export const ZONE_SOURCES = {
  auth: 'src/zones/auth/auth.zone.ts',
  account: 'src/zones/auth/account.zone.ts',
  training: 'src/zones/training/training.zone.ts',
  camps: 'src/zones/camps/camps.zone.ts',
  races: 'src/zones/races/races.zone.ts',
  members: 'src/zones/members/members.zone.ts',
  content: 'src/zones/content/content.zone.ts',
  web: 'src/zones/web/web.zone.ts',
  trash: 'src/zones/trash/trash.zone.ts',
  import: 'src/zones/import/import.zone.ts',
  users: 'src/zones/users/users.zone.ts',
  people: 'src/zones/people/people.zone.ts',
  entityList: 'src/engine/pages/entity-list-screen.tsx',
  entityForm: 'src/engine/pages/entity-form-screen.tsx',
} as const;

export type ZoneName = keyof typeof ZONE_SOURCES;

export interface ScreenEntry {
  name: RouteName;
  layout: ScreenLayout;
  zone: Exclude<ZoneName, 'entityList' | 'entityForm'>;
  /** The component the zone exports for it. */
  page: string;
  /** The page is the engine's form of its route's entity (`EntityFormPage` with that alias). */
  form?: true;
  /** API paths (GET, no parameters) the page asks for first: asked for while its code loads. */
  answers?: readonly string[];
}

/**
 * The screens written for this app. Besides them, every entity the server declares gets the engine's
 * generic list and form screens (`entityList`, `entityForm`); an entry here with the name of an entity
 * route replaces its generic screen.
 */
export const SCREEN_TABLE: readonly ScreenEntry[] = [
  { name: 'cms.login', layout: 'public', zone: 'auth', page: 'LoginPage' },
  { name: 'cms.logout', layout: 'public', zone: 'auth', page: 'LogoutPage' },
  { name: 'cms.forgottenPassword', layout: 'public', zone: 'auth', page: 'ForgottenPasswordPage' },
  { name: 'cms.renewPassword', layout: 'public', zone: 'auth', page: 'RenewPasswordPage' },
  { name: 'cms.confirmEmail', layout: 'public', zone: 'account', page: 'ConfirmEmailPage' },
  { name: 'cms.index', layout: 'shell', zone: 'account', page: 'CmsIndexPage' },
  { name: 'cms.myClub', layout: 'shell', zone: 'people', page: 'MyClubPage', answers: [API_PATHS.myClub] },
  { name: 'cms.userProfile', layout: 'shell', zone: 'account', page: 'ProfilePage' },
  { name: 'cms.trash', layout: 'shell', zone: 'trash', page: 'TrashPage' },
  { name: 'cms.import', layout: 'shell', zone: 'import', page: 'ImportPage' },
  { name: 'groupMembers.bulkSetup', layout: 'shell', zone: 'training', page: 'BulkSetupPage' },
  { name: 'groups.create', layout: 'shell', zone: 'training', page: 'GroupFormPage', form: true },
  { name: 'groups.edit', layout: 'shell', zone: 'training', page: 'GroupFormPage', form: true },
  { name: 'trainings.create', layout: 'shell', zone: 'training', page: 'TrainingFormPage', form: true },
  { name: 'trainings.edit', layout: 'shell', zone: 'training', page: 'TrainingFormPage', form: true },
  { name: 'trainings.series', layout: 'shell', zone: 'training', page: 'SeriesPage' },
  { name: 'trainings.calendar', layout: 'shell', zone: 'training', page: 'WeekCalendarPage' },
  { name: 'trainings.attendance', layout: 'shell', zone: 'training', page: 'AttendancePage' },
  { name: 'trainings.stats', layout: 'shell', zone: 'training', page: 'StatsPage' },
  { name: 'camps.create', layout: 'shell', zone: 'camps', page: 'CampFormPage', form: true },
  { name: 'camps.edit', layout: 'shell', zone: 'camps', page: 'CampFormPage', form: true },
  { name: 'races.create', layout: 'shell', zone: 'races', page: 'RaceFormPage', form: true },
  { name: 'races.edit', layout: 'shell', zone: 'races', page: 'RaceFormPage', form: true },
  { name: 'members.create', layout: 'shell', zone: 'members', page: 'MemberFormPage', form: true },
  { name: 'members.edit', layout: 'shell', zone: 'members', page: 'MemberFormPage', form: true },
  { name: 'members.bulkPairing', layout: 'shell', zone: 'members', page: 'BulkPairingPage' },
  { name: 'articles.edit', layout: 'shell', zone: 'content', page: 'ArticleFormPage', form: true },
  { name: 'team.list', layout: 'shell', zone: 'web', page: 'TeamOrderPage' },
  { name: 'web.configuration', layout: 'shell', zone: 'web', page: 'WebConfigurationPage' },
  // Users are a declared entity, but accounts are made with a password or an invitation, and their
  // list has activation and invitation buttons: the list and the new-user screens are written ones.
  { name: 'users.list', layout: 'shell', zone: 'users', page: 'UsersListPage' },
  { name: 'cms.users', layout: 'shell', zone: 'users', page: 'UsersListPage' },
  { name: 'users.create', layout: 'shell', zone: 'users', page: 'UserCreatePage' },
  { name: 'users.edit', layout: 'shell', zone: 'users', page: 'UserEditPage', form: true },
  { name: 'users.invite', layout: 'shell', zone: 'users', page: 'UserInvitePage' },
  { name: 'users.changePassword', layout: 'shell', zone: 'account', page: 'UserPasswordPage' },
];

/** The lazy layout around the signed-in screens (router.tsx imports it). */
export const SHELL_SOURCE = 'src/app/shell/authenticated-layout.tsx';

interface RouteLike {
  name: string;
  entity?: string;
}

/** The zone and layout of a route's screen, and whether it is an entity's form; none without a screen. */
function screenOfRoute(
  route: RouteLike,
): { zone: ZoneName; layout: ScreenLayout; form: boolean } | undefined {
  const written = SCREEN_TABLE.find((screen) => screen.name === route.name);
  const zone: ZoneName | undefined =
    written?.zone ??
    (route.entity ? (route.name.endsWith('.list') ? 'entityList' : 'entityForm') : undefined);
  const form = written ? written.form === true : zone === 'entityForm';
  return zone && { zone, layout: written?.layout ?? 'shell', form };
}

/**
 * The lazy modules a route's screen needs beyond the entry, as source paths: its layout's (signed-in
 * screens) and its zone's; none for a route with no screen.
 */
export function sourcesOfRoute(route: RouteLike): string[] {
  const screen = screenOfRoute(route);
  if (!screen) return [];
  const zone = ZONE_SOURCES[screen.zone];
  return screen.layout === 'shell' ? [SHELL_SOURCE, zone] : [zone];
}

/**
 * The API answers a route's screen asks for before anything else, as paths: the signed-in user (the
 * shell's, see router.tsx) and, for a generic list, its schema and the user's settings
 * (prefetchDatagrid), an entity form's schema (prefetchForm), a written screen's own `answers`. The server names them in the route's
 * page for a signed-in visitor, so they come while the code loads; and a list's first page of rows
 * too, from the user's settings (listOfRoute), and a form's record, from the address (formOfRoute).
 */
export function firstAnswersOfRoute(route: RouteLike): string[] {
  if (screenOfRoute(route)?.layout !== 'shell') return [];
  const list = listOfRoute(route);
  const form = formOfRoute(route);
  return [
    API_PATHS.currentUser,
    ...(list ? listFirstAnswers(list) : []),
    ...(form ? formFirstAnswers(form) : []),
    ...(SCREEN_TABLE.find((screen) => screen.name === route.name)?.answers ?? []),
  ];
}

/** The entity whose form (the engine's) a route shows, if it shows one (its record depends on `?id=`). */
export function formOfRoute(route: RouteLike): string | undefined {
  return screenOfRoute(route)?.form ? route.entity : undefined;
}

/** The entity whose generic list a route shows, if it shows one (its first page depends on the user). */
export function listOfRoute(route: RouteLike): string | undefined {
  return screenOfRoute(route)?.zone === 'entityList' ? route.entity : undefined;
}
