/** The users zone (one lazy chunk): the CMS user list, creation, invitations and edits. */

export { JobFormPage } from './job-form-page.tsx';
export { UserCreatePage, UserEditPage, UserInvitePage } from './user-pages.tsx';
export { UsersListPage } from './users-list-page.tsx';
