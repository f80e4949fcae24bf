/** The auth zone (one lazy chunk): sign-in screens, the CMS index and the user's own profile. */
export { CmsIndexPage } from './pages/cms-index-page.tsx';
export { ConfirmEmailPage } from './pages/confirm-email-page.tsx';
export { ForgottenPasswordPage } from './pages/forgotten-password-page.tsx';
export { LoginPage } from './pages/login-page.tsx';
export { LogoutPage } from './pages/logout-page.tsx';
export { ProfilePage } from './pages/profile-page.tsx';
export { RenewPasswordPage } from './pages/renew-password-page.tsx';
export { UserPasswordPage } from './pages/user-password-page.tsx';
