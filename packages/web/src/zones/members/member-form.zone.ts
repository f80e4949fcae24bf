/** The member form with races and profiles (one lazy chunk). */
export { MemberFormPage } from './member-form-page.tsx';
