/**
 * Every path of the JSON API, written once: the server registers its routes with these templates
 * and the client fills them with `apiPath`. Parameters are `:name` segments.
 */
export const API_PATHS = {
  health: '/api/health',
  /** Liveness: the process answers (200 while it runs, even while shutting down). */
  healthLive: '/api/health/live',
  /** Readiness: database and file storage reachable and not shutting down; else 503 NOT_READY. */
  healthReady: '/api/health/ready',
  login: '/api/login',
  logout: '/api/logout',
  forgottenPassword: '/api/forgotten-password',
  passwordRecovery: '/api/password-recovery',
  /** Whether a mailed password link still works, without using it (400 INVALID_TOKEN when not). */
  passwordTokenCheck: '/api/password-recovery/check',
  /** Applies an own e-mail change from the link mailed to the new address (`{token}`). */
  confirmEmail: '/api/confirm-email',
  currentUser: '/api/cms/user',
  ownProfile: '/api/cms/me',
  ownPassword: '/api/cms/me/password',
  /** The signed-in user's recent sign-ins and open sessions. */
  ownActivity: '/api/cms/me/activity',
  /** Starts turning two-factor sign-in on: a new secret and its QR code. */
  twoFactorSetup: '/api/cms/me/two-factor/setup',
  /** Turns two-factor sign-in on with a first code; answers the recovery codes, once. */
  twoFactorEnable: '/api/cms/me/two-factor/enable',
  /** Turns two-factor sign-in off (with the current password). */
  twoFactorDisable: '/api/cms/me/two-factor/disable',
  /** Whether admins and roots must sign in with two factors (GET; a root changes it with PUT). */
  securityPolicy: '/api/admin/security-policy',
  /** The signed-in person's own members (themselves, their children) and the groups they train. */
  myClub: '/api/cms/me/club',
  /** The signed-in person's home screen: tiles of what needs doing, by who they are in the club. */
  home: '/api/cms/home',
  /** Ends every session of the signed-in user but the current one. */
  endOtherSessions: '/api/cms/me/sessions/end-others',
  userConfig: '/api/cms/user-config',
  fileUpload: '/api/cms/files/upload',
  file: '/api/cms/files/:id',
  tables: '/api/cms/tables',
  datagridSchema: '/api/cms/datagrid/schema/:name',
  datagridRows: '/api/cms/datagrid/:name',
  datagridExport: '/api/cms/datagrid/:name/export',
  datagridAutocomplete: '/api/cms/datagrid/autocomplete/:name/:column',
  datagridBulkDelete: '/api/cms/datagrid/:name/delete',
  formSchema: '/api/cms/form/:alias/schema',
  formCreate: '/api/cms/form/:alias',
  form: '/api/cms/form/:alias/:id',
  autocomplete: '/api/cms/autocomplete/:alias',
  /** The API documentation (Swagger UI) for administrators. */
  apiDocs: '/api/docs',
  /** The OpenAPI 3.1 document of every /api route, generated from the routes' Zod schemas. */
  apiDocsDocument: '/api/docs/openapi.json',
  /** Swagger UI's scripts and styles, served from the installed package. */
  apiDocsAsset: '/api/docs/assets/:file',
  /** Deleted records of every entity the user may read, newest first (`?page&limit&entity&s`). */
  trash: '/api/cms/trash',
  /** One trashed record: DELETE deletes it for good. */
  trashEntry: '/api/cms/trash/:id',
  /** Puts a trashed record back, with the links other records lost when it was deleted. */
  trashRestore: '/api/cms/trash/:id/restore',
  /** Reads an uploaded CSV or XLSX file (multipart `file`): its columns and the fields they probably fill. */
  importPreview: '/api/cms/import/:alias/preview',
  /** Runs an import without keeping anything (multipart `file` and `options`): what each row would do. */
  importDryRun: '/api/cms/import/:alias/dry-run',
  /** Imports a file in one transaction, all rows or none (multipart `file` and `options`). */
  importRun: '/api/cms/import/:alias',
  /** Records of every readable entity matching `?s=`, a few of each (the command palette). */
  recordSearch: '/api/cms/search',
  /** A record's change history, newest first. */
  history: '/api/cms/history/:alias/:id',
  /** A group's members with names, a page at a time (the group-member entity's action). */
  groupMembers: '/api/admin/group-member/get-group-members',
  /** Puts a member into a group (the group-member entity's action). */
  createGroupMember: '/api/admin/group-member/create-group-member',
  /** A group's trainings as an iCalendar feed, `<token>.ics`; no sign-in, the token is the secret. */
  calendarFeed: '/api/calendar/:file',
  /** Where an entity's declared action answers when it names no path of its own. */
  action: '/api/cms/action/:alias/:action',
  /** An action on one record, for declarations that choose it as their path. */
  recordAction: '/api/cms/action/:alias/:id/:action',
  /** A camp's participants and waiting list, in order. */
  campParticipants: '/api/admin/camp/:id/participants',
  /** A camp's participants or waiting list as XLSX or CSV (`?format=xlsx|csv&list=participants|waiting`). */
  campExport: '/api/admin/camp/:id/export',
  /** A race's participants with their categories and results. */
  raceParticipants: '/api/admin/race/:id/participants',
  /** A member's races, newest first (`?memberId=`). */
  memberRaces: '/api/admin/race/member-races',
  profiles: '/api/admin/profile/get-profiles',
  pairProfileMember: '/api/admin/profile/pair-profile-member',
  unpairProfileMember: '/api/admin/profile/unpair-profile-member',
  /** Unpaired profiles with the members they probably are. */
  pairingSuggestions: '/api/admin/profile/get-suggestions',
  /** The national sport register's CSV (Windows-1250), for the office. */
  sportRegisterExport: '/api/cms/rejstrik-sportu.csv',
  /** What the sport register would refuse of the reported members (`SportRegisterProblem[]`). */
  sportRegisterProblems: '/api/cms/rejstrik-sportu/problemy',
  /** Pairs many profiles with members at once, all or none. */
  acceptPairings: '/api/admin/profile/accept-suggestions',
  /** An article as the editor reads and saves it (the article entity's record). */
  content: '/api/cms/content/:id',
  contentCreate: '/api/cms/content',
  /** An article in any state as the public site will show it (HTML, for the staff). */
  contentPreview: '/api/cms/content/:id/preview',
  /** A payment request's QR Platba as an SVG image (as readable as the request). */
  paymentQr: '/api/cms/payments/:id/qr.svg',
  /** A bank statement (GPC or Fio CSV) settling payment requests; `?dryRun=1` only tells what it would do. */
  paymentStatements: '/api/cms/payments/statements',
  /** Payment requests for many members at once. */
  paymentBulkCreate: '/api/cms/payments/bulk',
  /** The overdue reminder mails of the given payment requests, or of the payments list so filtered (all overdue ones when neither is given), sent now. */
  paymentReminders: '/api/cms/payments/reminders',
  /** The public site's configuration record; its defaults while none is saved. */
  webConfiguration: '/api/admin/web/configuration',
  /** Moves team members into the given order (ids, first to last). */
  teamOrder: '/api/admin/web/team/order',
  createUser: '/api/admin/user/create-user',
  /** Creates a user without a password and mails an invitation link to set one. */
  createInvitedUser: '/api/admin/user/create/create-invite-user',
  /** Mails the invitation again; the older link stops working. */
  inviteUser: '/api/admin/user/:userId/invite-user',
  /** Toggles a user's active flag; deactivation ends the user's sessions. */
  changeUserActive: '/api/cms/change-user-active/:id',
  /** Turns off another user's two-factor sign-in (a lost phone), ending that user's sessions. */
  userTwoFactorReset: '/api/admin/user/:id/two-factor/reset',
  /** An admin sets another user's password, ending that user's sessions. */
  userPassword: '/api/admin/user/:userId/password',
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

type ParamsOf<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

/** A path template with its `:parameters` filled in, each encoded as one URL segment. */
export function apiPath<Path extends string>(
  template: Path,
  ...[params]: ParamsOf<Path> extends never ? [] : [Record<ParamsOf<Path>, string | number>]
): string {
  if (!params) return template;
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}

/**
 * What a generic list asks for before its rows, both at once: its schema and the signed-in user's
 * settings (which hold the list's sort, columns and page size).
 */
export function listFirstAnswers(name: string): [schema: string, settings: string] {
  return [apiPath(API_PATHS.datagridSchema, { name }), API_PATHS.userConfig];
}

/** The record id an edit screen's address names (`?id=12`), if it names a valid one. */
export function recordIdFromAddress(address: URLSearchParams): number | undefined {
  const raw = address.get('id');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** What an entity's form asks for first, both at once: its schema and, on the edit screen, the record. */
export function formFirstAnswers(alias: string, id?: number): string[] {
  const schema = apiPath(API_PATHS.formSchema, { alias });
  return id === undefined ? [schema] : [schema, apiPath(API_PATHS.form, { alias, id })];
}
