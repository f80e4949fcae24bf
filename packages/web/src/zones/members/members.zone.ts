/** The members zone (one lazy chunk): the member list and form, served by the engine's `member` entity. */
export { MemberCreatePage, MemberEditPage, MemberListPage } from './member-pages.tsx';
