import { API_PATHS, type RouteName } from '@klubovna/shared';

// Which code each written screen is: plain data, read by the app (screens.ts) and by the build, which
// lists every screen's chunks for the server to preload (build/route-preloads.ts).
// No imports of the app's code.

/** Where a screen renders: the bare sign-in frame, or the authenticated shell. */
export type ScreenLayout = 'public' | 'shell';

/**
 * Each zone module is one lazy chunk, so a screen loads the code of its module's screens (a zone folder
 * may have several: the attendance does not load the training forms); the generic list and form
 * screens of entities are two more.
 */
export const ZONE_SOURCES = {
  auth: 'src/zones/auth/auth.zone.ts',
  account: 'src/zones/auth/account.zone.ts',
  training: 'src/zones/training/training.zone.ts',
  trainingSeries: 'src/zones/training/series.zone.ts',
  trainingCalendar: 'src/zones/training/calendar.zone.ts',
  attendance: 'src/zones/training/attendance.zone.ts',
  trainingStats: 'src/zones/training/stats.zone.ts',
  groupSetup: 'src/zones/training/group-setup.zone.ts',
  camps: 'src/zones/camps/camps.zone.ts',
  races: 'src/zones/races/races.zone.ts',
  members: 'src/zones/members/members.zone.ts',
  memberForm: 'src/zones/members/member-form.zone.ts',
  content: 'src/zones/content/content.zone.ts',
  web: 'src/zones/web/web.zone.ts',
  trash: 'src/zones/trash/trash.zone.ts',
  import: 'src/zones/import/import.zone.ts',
  users: 'src/zones/users/users.zone.ts',
  people: 'src/zones/people/people.zone.ts',
  money: 'src/zones/money/money.zone.ts',
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
  { name: 'cms.index', layout: 'shell', zone: 'account', page: 'CmsIndexPage', answers: [API_PATHS.home] },
  { name: 'cms.myClub', layout: 'shell', zone: 'people', page: 'MyClubPage', answers: [API_PATHS.myClub] },
  { name: 'cms.userProfile', layout: 'shell', zone: 'account', page: 'ProfilePage' },
  { name: 'cms.trash', layout: 'shell', zone: 'trash', page: 'TrashPage' },
  { name: 'cms.import', layout: 'shell', zone: 'import', page: 'ImportPage' },
  { name: 'groupMembers.bulkSetup', layout: 'shell', zone: 'groupSetup', page: 'BulkSetupPage' },
  { name: 'group.create', layout: 'shell', zone: 'training', page: 'GroupFormPage', form: true },
  { name: 'group.edit', layout: 'shell', zone: 'training', page: 'GroupFormPage', form: true },
  { name: 'training.create', layout: 'shell', zone: 'training', page: 'TrainingFormPage', form: true },
  { name: 'training.edit', layout: 'shell', zone: 'training', page: 'TrainingFormPage', form: true },
  { name: 'trainings.series', layout: 'shell', zone: 'trainingSeries', page: 'SeriesPage' },
  { name: 'trainings.calendar', layout: 'shell', zone: 'trainingCalendar', page: 'WeekCalendarPage' },
  { name: 'trainings.attendance', layout: 'shell', zone: 'attendance', page: 'AttendancePage' },
  { name: 'trainings.stats', layout: 'shell', zone: 'trainingStats', page: 'StatsPage' },
  { name: 'camp.create', layout: 'shell', zone: 'camps', page: 'CampFormPage', form: true },
  { name: 'camp.edit', layout: 'shell', zone: 'camps', page: 'CampFormPage', form: true },
  { name: 'race.create', layout: 'shell', zone: 'races', page: 'RaceFormPage', form: true },
  { name: 'race.edit', layout: 'shell', zone: 'races', page: 'RaceFormPage', form: true },
  { name: 'member.create', layout: 'shell', zone: 'memberForm', page: 'MemberFormPage', form: true },
  { name: 'member.edit', layout: 'shell', zone: 'memberForm', page: 'MemberFormPage', form: true },
  { name: 'members.bulkPairing', layout: 'shell', zone: 'members', page: 'BulkPairingPage' },
  { name: 'members.sportRegister', layout: 'shell', zone: 'members', page: 'SportRegisterPage' },
  { name: 'payment.list', layout: 'shell', zone: 'money', page: 'PaymentListPage' },
  { name: 'bank-transaction.list', layout: 'shell', zone: 'money', page: 'BankTransactionListPage' },
  { name: 'payments.statementUpload', layout: 'shell', zone: 'money', page: 'StatementUploadPage' },
  { name: 'article.edit', layout: 'shell', zone: 'content', page: 'ArticleFormPage', form: true },
  { name: 'team-member.list', layout: 'shell', zone: 'web', page: 'TeamOrderPage' },
  { name: 'web.configuration', layout: 'shell', zone: 'web', page: 'WebConfigurationPage' },
  // Users are a declared entity, but accounts are made with a password or an invitation, and their
  // list has activation and invitation buttons: the list and the new-user screens are written ones.
  { name: 'user.list', layout: 'shell', zone: 'users', page: 'UsersListPage' },
  { name: 'cms.users', layout: 'shell', zone: 'users', page: 'UsersListPage' },
  { name: 'user.create', layout: 'shell', zone: 'users', page: 'UserCreatePage' },
  { name: 'user.edit', layout: 'shell', zone: 'users', page: 'UserEditPage', form: true },
  { name: 'users.invite', layout: 'shell', zone: 'users', page: 'UserInvitePage' },
  // A job's run is read in its form, which offers „Zkusit znovu“ when it failed.
  { name: 'job.edit', layout: 'shell', zone: 'users', page: 'JobFormPage', form: true },
  { name: 'users.changePassword', layout: 'shell', zone: 'account', page: 'UserPasswordPage' },
];

/** The lazy layout around the signed-in screens (router.tsx imports it). */
export const SHELL_SOURCE = 'src/app/shell/authenticated-layout.tsx';

/** The lazy frame of the entity form screens, which paints their heading before their code has come. */
export const FORM_FRAME_SOURCE = 'src/engine/pages/form-frame.tsx';

/**
 * The lazy modules the page of a screen's address names for the browser to fetch beside the entry, as
 * source paths: its layout's (the shell) and its zone's. An entity form's are the shell and its frame:
 * the frame paints the form's heading first and only then asks for the form's code, which would
 * otherwise share the phone's link with the code the heading needs.
 */
export function sourcesOfScreen(layout: ScreenLayout, zone: ZoneName, form = false): string[] {
  const shell = layout === 'shell' ? [SHELL_SOURCE] : [];
  return form ? [...shell, FORM_FRAME_SOURCE] : [...shell, ZONE_SOURCES[zone]];
}

/** The entity whose form (the engine's) a written screen of a route shows, if it shows one. */
export function formOfRoute(route: { name: string; entity?: string }): string | undefined {
  return SCREEN_TABLE.find((screen) => screen.name === route.name)?.form ? route.entity : undefined;
}
