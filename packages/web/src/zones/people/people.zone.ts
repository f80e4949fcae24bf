/** The people zone: the own page of a member, a parent or a trainer (one lazy chunk). */
export { MyClubPage } from './my-club-page.tsx';
