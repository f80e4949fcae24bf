/**
 * The auth zone's signed-in chunk: the CMS index and the user's own profile (sessions, two-factor
 * sign-in), password and e-mail confirmation. Apart from the sign-in chunk, so the sign-in page stays
 * light.
 */
export { CmsIndexPage } from './pages/cms-index-page.tsx';
export { ConfirmEmailPage } from './pages/confirm-email-page.tsx';
export { ProfilePage } from './pages/profile-page.tsx';
export { UserPasswordPage } from './pages/user-password-page.tsx';
